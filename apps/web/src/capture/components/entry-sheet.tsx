import { createContext, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { type RouteObject, useLocation, useMatches, useNavigate } from 'react-router';
import type { CaptureNavState } from '../hooks/use-entry-form';

/** Marks the route of a line's entry: it opens as a sheet over its module's capture list. */
const ENTRY_SHEET = 'capture-entry-sheet';

/**
 * `artikel-erfassen/:idartstamm` as a child of the capture list (docs/modules.md#capture-engine). The list
 * draws the entry itself (CaptureListPage), so the route brings no element: a scan mounts the entry alone while
 * the list stays mounted behind it, and the address names the line, so back, reload and a link to it work.
 */
export const entrySheetRoute = (): RouteObject => ({
  path: 'artikel-erfassen/:idartstamm',
  handle: ENTRY_SHEET,
  element: null,
});

/** The entry a sheet shows: its article, what the scan or the list brought, and its identity on screen. */
export interface SheetEntry {
  articleId: string | undefined;
  nav: CaptureNavState;
  /** The same entry keeps its key from the scan that opened it to the address that follows it. */
  key: string;
  /** Drawn from a scan, the address not yet following: its scans wait for the address. */
  pending: boolean;
}

type SheetNavState = CaptureNavState & { sheetKey?: string };

/** Opens a scanned article's entry over the list at once; null outside a capture list. */
export const EntrySheetContext = createContext<((articleId: number, nav: CaptureNavState) => void) | null>(null);

let opened = 0;

/**
 * The entry shown over the list: the one the address names, or the one a scan has just opened. A scan draws
 * its entry in the same task (the worker's next look is at the quantity field), and the address follows after
 * that frame with the same entry, which stays mounted; the router's work is then off the scan's way.
 */
export function useEntrySheet(articlePath: (id: number) => string) {
  const navigate = useNavigate();
  const location = useLocation();
  const match = useMatches().find((m) => m.handle === ENTRY_SHEET);
  const [pending, setPending] = useState<SheetEntry | null>(null);
  // The address has followed the scan (or gone elsewhere): the address says what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new address
  useEffect(() => setPending(null), [location.key]);
  const show = useCallback(
    (articleId: number, nav: CaptureNavState) => {
      opened += 1;
      const key = `scan-${opened}`;
      flushSync(() => setPending({ articleId: String(articleId), nav, key, pending: true }));
      const state: SheetNavState = { ...nav, sheetKey: key };
      requestAnimationFrame(() => setTimeout(() => navigate(articlePath(articleId), { state })));
    },
    [navigate, articlePath],
  );
  // The same entry object while the address stays: the list drawing again (the scan's pending entry cleared
  // once the address has followed) does not draw the sheet again.
  const routedId = match ? match.params.idartstamm : null;
  const routed = useMemo<SheetEntry | null>(() => {
    if (routedId === null) return null;
    const state = (location.state as SheetNavState | null) ?? {};
    return { articleId: routedId, nav: state, key: state.sheetKey ?? location.key, pending: false };
  }, [routedId, location.state, location.key]);
  return { entry: routed ?? pending, show };
}

/**
 * The list keeps where it was scrolled while a sheet covers it: the sheet starts at the top, and closing it
 * (save, back) brings the list back at the line the worker had in view.
 */
export function useListScroll(open: boolean) {
  const kept = useRef(0);
  useEffect(() => {
    if (open) return;
    const note = () => {
      kept.current = window.scrollY;
    };
    note();
    window.addEventListener('scroll', note, { passive: true });
    return () => window.removeEventListener('scroll', note);
  }, [open]);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, open ? 0 : kept.current);
  }, [open]);
}
