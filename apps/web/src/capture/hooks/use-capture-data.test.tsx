// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captureDb } from '../../offline/captures/capture-db';
import { setHeader } from '../../offline/captures/capture-store';
import type { CaptureScope } from '../../offline/captures/rows';
import { setHeader as saveHeaderOnDevice } from './device-store';
import { useCaptureHeader } from './use-capture-data';

const scope: CaptureScope = { owner: 7, module: 'inventory-count', vkforgId: 11 };

describe('the capture header', () => {
  it('is there in the first render of the form a scan opens from the list, and still follows changes', async () => {
    await setHeader(captureDb, scope, { lager: 3, belegdatum: '2026-11-26' });
    const list = renderHook(() => useCaptureHeader(scope));
    expect(list.result.current).toBeUndefined();
    await waitFor(() => expect(list.result.current?.header.lager).toBe(3));
    list.unmount();

    const firstRender: unknown[] = [];
    const form = renderHook(() => {
      const header = useCaptureHeader(scope);
      if (firstRender.length === 0) firstRender.push(header);
      return header;
    });
    expect(firstRender[0]).toMatchObject({ header: { lager: 3, belegdatum: '2026-11-26' } });
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
    const firstRender: unknown[] = [];
    const list = renderHook(() => {
      const header = useCaptureHeader(fresh);
      if (firstRender.length === 0) firstRender.push(header);
      return header;
    });
    expect(firstRender[0]).toMatchObject({ header: { lager: 5, belegdatum: '2026-11-29' } });
    list.unmount();
  });
});
