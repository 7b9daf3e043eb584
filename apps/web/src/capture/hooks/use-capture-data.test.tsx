// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captureDb } from '../../offline/captures/capture-db';
import { setHeader } from '../../offline/captures/capture-store';
import type { CaptureScope } from '../../offline/captures/rows';
import { setHeader as saveHeaderOnDevice } from './device-store';
import { useCaptureHeader } from './use-capture-data';

const scope: CaptureScope = { owner: 7, module: 'inventory-count', vkforgId: 11 };

/** A screen's useCaptureHeader, and what its very first render had (before its own read answered). */
function renderCountingFirst(of: CaptureScope) {
  const renders: unknown[] = [];
  const hook = renderHook(() => {
    const header = useCaptureHeader(of);
    renders.push(header);
    return header;
  });
  return Object.assign(hook, { first: () => renders[0] });
}

describe('the capture header', () => {
  it('is there in the first render of the form a scan opens from the list, and still follows changes', async () => {
    await setHeader(captureDb, scope, { lager: 3, belegdatum: '2026-11-26' });
    const list = renderHook(() => useCaptureHeader(scope));
    expect(list.result.current).toBeUndefined();
    await waitFor(() => expect(list.result.current?.header.lager).toBe(3));
    list.unmount();

    const form = renderCountingFirst(scope);
    expect(form.first()).toMatchObject({ header: { lager: 3, belegdatum: '2026-11-26' } });
    await setHeader(captureDb, scope, { lager: 4, belegdatum: '2026-11-26' });
    await waitFor(() => expect(form.result.current?.header.lager).toBe(4));
    form.unmount();
  });

  it('the list the header step opens starts with the header just saved, not the empty one the step read', async () => {
    const fresh: CaptureScope = { owner: 8, module: 'inventory-count', vkforgId: 11 };
    // The header step of a new device: it read that there is no header yet.
    const step = renderHook(() => useCaptureHeader(fresh));
    await waitFor(() => expect(step.result.current).toBeNull());
    await saveHeaderOnDevice(fresh, { lager: 5, belegdatum: '2026-11-29' });
    step.unmount();

    // The list opens at once (a scan fired with the tap waits for it): its first render decides whether the
    // header is missing, before its own read of the device has answered.
    const list = renderCountingFirst(fresh);
    expect(list.first()).toMatchObject({ header: { lager: 5, belegdatum: '2026-11-29' } });
    list.unmount();
  });
});
