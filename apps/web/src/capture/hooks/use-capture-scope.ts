import type { CaptureModule } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CaptureScope } from '../../offline/captures/rows';
import { userContextQuery } from '../../session/user-context';

/** The open capture's scope: the module, the signed-in user and the current vkforg (docs/modules.md#capture-engine). */
export function useCaptureScope(module: CaptureModule): CaptureScope | null {
  const context = useQuery(userContextQuery()).data;
  const owner = context?.userId;
  const vkforgId = context?.vkforgid;
  return useMemo(
    () => (owner === undefined || vkforgId === undefined ? null : { owner, module, vkforgId }),
    [owner, module, vkforgId],
  );
}
