// @vitest-environment jsdom
import { type ArticleLookup, type CaptureModule, captureModuleInfo } from '@mde/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptureModuleDef } from '../capture-module';

const navigate = vi.fn();
vi.mock('react-router', () => ({ useNavigate: () => navigate }));

// The device read of the form's article, answered when the test says so.
let answer: (value: unknown) => void = () => {};
vi.mock('../api/capture-article', () => ({
  captureArticleQuery: (module: string, vkforgId: number, articleId: number) => ({
    queryKey: ['capture-article', module, vkforgId, articleId],
    queryFn: () =>
      new Promise((resolve) => {
        answer = resolve;
      }),
    staleTime: 60_000,
    retry: false,
  }),
  // The form's article without a read: what the test says (kept-articles.ts decides in the app).
  deviceArticleAtOnce: () => atOnce,
}));
let atOnce: unknown = null;
const watchKeptArticles = vi.fn();
vi.mock('../api/kept-articles', () => ({ watchKeptArticles }));

const { DEVICE_READ_WAIT_MS, useOpenCapture } = await import('./use-open-capture');

const defOf = (module: CaptureModule) =>
  ({
    info: captureModuleInfo(module),
    paths: { articleCapture: (id: number) => `/m/artikel-erfassen/${id}` },
  }) as unknown as CaptureModuleDef;
const lookup = { article: { idartstamm: 42 }, unit: 'Karton', factor: 6, quantity: 1 } as ArticleLookup;
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

function setup(module: CaptureModule) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const scope = { owner: 7, module, vkforgId: 11 };
  const { result } = renderHook(() => useOpenCapture(defOf(module), scope), { wrapper });
  return { open: result.current, client, key: ['capture-article', module, 11, 42] };
}

beforeEach(() => {
  navigate.mockReset();
  atOnce = null;
});

describe('opening the capture form from a scan', () => {
  it("a count reads the device's article first, so the form is there with the screen's first render", async () => {
    const { open, client, key } = setup('inventory-count');
    const opened = open(lookup, { location: 'A-01' });
    await flush();
    expect(navigate).not.toHaveBeenCalled();
    answer({ idartstamm: 42, offline: true });
    await opened;
    expect(client.getQueryData(key)).toEqual({ idartstamm: 42, offline: true });
    expect(navigate).toHaveBeenCalledWith('/m/artikel-erfassen/42', {
      replace: undefined,
      state: { unit: 'Karton', factor: 6, quantity: 1, location: 'A-01' },
    });
  });

  it('an article the device lacks (asked of the server) does not hold the screen back', async () => {
    const { open, client, key } = setup('inventory-count');
    const started = performance.now();
    await open(lookup, { location: null });
    expect(performance.now() - started).toBeGreaterThanOrEqual(DEVICE_READ_WAIT_MS - 5);
    expect(navigate).toHaveBeenCalledOnce();
    expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');
  });

  it('a module that asks the server first opens the screen at once; the read goes on there', async () => {
    const { open, client, key } = setup('returns');
    await open(lookup, { location: null, replace: true });
    expect(navigate).toHaveBeenCalledWith('/m/artikel-erfassen/42', {
      replace: true,
      state: { unit: 'Karton', factor: 6, quantity: 1, location: null },
    });
    expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');
  });

  it("a count whose article has no kept copy opens in the scan's task with the row its lookup read", () => {
    atOnce = { idartstamm: 42, designation1: 'Vom Scan', offline: false };
    const { open, client, key } = setup('inventory-count');
    expect(watchKeptArticles).toHaveBeenCalledWith('inventory-count', 11);
    void open(lookup, { location: null, cached: { idartstamm: 42 } as never });
    // No await: the screen changed in the same task, with the article in place and no read started.
    expect(navigate).toHaveBeenCalledOnce();
    expect(client.getQueryData(key)).toEqual(atOnce);
    expect(client.getQueryState(key)?.fetchStatus).toBe('idle');
  });

  it('with a kept copy (or not yet known) the count reads it first, as before', async () => {
    const { open, client, key } = setup('inventory-count');
    const opened = open(lookup, { location: null, cached: { idartstamm: 42 } as never });
    await flush();
    expect(navigate).not.toHaveBeenCalled();
    answer({ idartstamm: 42, proposal: { proposal: 12 }, offline: false });
    await opened;
    expect(client.getQueryData(key)).toMatchObject({ proposal: { proposal: 12 } });
    expect(navigate).toHaveBeenCalledOnce();
  });
});
