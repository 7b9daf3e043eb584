// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captureDb } from '../../offline/captures/capture-db';
import { setHeader } from '../../offline/captures/capture-store';
import type { CaptureScope } from '../../offline/captures/rows';
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
});
