// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useContext, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EntrySheetContext, entrySheetRoute, type SheetEntry, useEntrySheet } from './entry-sheet';

const articlePath = (id: number) => `/m/artikel-erfassen/${id}`;

/** A capture list in miniature: it shows the entry the sheet names and opens one on a "scan". */
let entries: (SheetEntry | null)[] = [];
function List() {
  const { entry, show } = useEntrySheet(articlePath);
  entries.push(entry);
  return (
    <EntrySheetContext value={show}>
      <Scanner />
      {entry && <Entry key={entry.key} articleId={entry.articleId} pending={entry.pending} />}
    </EntrySheetContext>
  );
}

let mounts = 0;
function Entry({ articleId, pending }: { articleId: string | undefined; pending: boolean }) {
  useState(() => {
    mounts += 1;
  });
  return <p data-testid="entry" data-pending={String(pending)}>{`Artikel ${articleId}`}</p>;
}

function Scanner() {
  const show = useContext(EntrySheetContext);
  return (
    <button type="button" onClick={() => show?.(7, { quantity: 1 })}>
      scan
    </button>
  );
}

const nextFrame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 5))));

function setup(start: string) {
  mounts = 0;
  entries = [];
  const router = createMemoryRouter(
    [{ path: '/m', element: <List />, children: [{ index: true, element: null }, entrySheetRoute()] }],
    {
      initialEntries: [start],
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the entry sheet over the capture list', () => {
  afterEach(cleanup);

  it('draws a scanned article at once, then the address follows with the same entry still mounted', async () => {
    const router = setup('/m');
    expect(screen.queryByTestId('entry')).toBeNull();
    act(() => screen.getByRole('button', { name: 'scan' }).click());
    // In the same task as the scan, before the router has moved.
    expect(screen.getByTestId('entry').textContent).toBe('Artikel 7');
    expect(screen.getByTestId('entry').dataset.pending).toBe('true');
    expect(router.state.location.pathname).toBe('/m');
    await nextFrame();
    expect(router.state.location.pathname).toBe('/m/artikel-erfassen/7');
    expect(screen.getByTestId('entry').dataset.pending).toBe('false');
    expect(mounts).toBe(1);
    // Back closes the sheet; forward and a link to the line open it from the address.
    await act(() => router.navigate(-1));
    expect(screen.queryByTestId('entry')).toBeNull();
    await act(() => router.navigate(1));
    expect(screen.getByTestId('entry').textContent).toBe('Artikel 7');
  });

  it('once the address has followed, the list drawing again hands the sheet the same entry (it is not drawn again)', async () => {
    setup('/m');
    act(() => screen.getByRole('button', { name: 'scan' }).click());
    await nextFrame();
    const routed = entries.filter((e) => e !== null && !e.pending);
    // The address arrives, then the scan's pending entry is cleared: two draws of the list, one entry.
    expect(routed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(routed).size).toBe(1);
  });

  it('opens from a link to the line, with nothing pending', () => {
    setup('/m/artikel-erfassen/12');
    expect(screen.getByTestId('entry').textContent).toBe('Artikel 12');
    expect(screen.getByTestId('entry').dataset.pending).toBe('false');
  });
});
