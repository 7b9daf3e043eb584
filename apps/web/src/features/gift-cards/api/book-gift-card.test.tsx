// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBookGiftCard } from './book-gift-card';

const body = { type: 'GUTSCHEIN', code: 'GC-1000-0001', action: 'REDEEM' as const, amount: 500 };
const answer = { ...body, balance: 4_500, transactionId: 42, createdAt: '2026-11-21T10:00:00.000Z' };
const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function setup(responses: (() => Promise<Response>)[]) {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
    (responses.shift() ?? (() => Promise.reject(new TypeError('x'))))(),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useBookGiftCard(), { wrapper });
  const keys = () => fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('idempotency-key'));
  return { result, keys };
}

afterEach(() => vi.unstubAllGlobals());

describe('useBookGiftCard', () => {
  it('resends a confirm whose answer was lost with the same Idempotency-Key', { timeout: 10_000 }, async () => {
    const { result, keys } = setup([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(json(409, { message: 'läuft', code: 'IDEMPOTENCY_IN_FLIGHT' })),
      () => Promise.resolve(json(200, answer)),
    ]);
    act(() => result.current.mutate({ body, idempotencyKey: 'key-0001-abcd' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5_000 });
    expect(result.current.data).toEqual(answer);
    expect(keys()).toEqual(['key-0001-abcd', 'key-0001-abcd', 'key-0001-abcd']);
  });

  it("stops at a definitive refusal such as 'Falscher Betrag'", async () => {
    const { result, keys } = setup([
      () =>
        Promise.resolve(json(422, { message: 'Falscher Betrag', code: 'WRONG_AMOUNT', fields: { amount: 'zu viel' } })),
    ]);
    act(() => result.current.mutate({ body, idempotencyKey: 'key-0002-abcd' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as Error).message).toBe('Falscher Betrag');
    expect(keys()).toHaveLength(1);
  });
});
