import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { type RouteObject, useMatches } from 'react-router';

/** Marks the route of a line's entry: it opens as a sheet over its module's capture list. */
const ENTRY_SHEET = 'capture-entry-sheet';

/**
 * `artikel-erfassen/:idartstamm` as a child of the capture list (docs/modules.md#capture-engine): a scan mounts
 * the entry alone while the list stays mounted behind it, and the address still names the line, so back,
 * reload and a link to it work.
 */
export const entrySheetRoute = (element: ReactNode): RouteObject => ({
  path: 'artikel-erfassen/:idartstamm',
  handle: ENTRY_SHEET,
  element,
});

/** The entry sheet is open over the list. */
export const useEntrySheetOpen = () => useMatches().some((m) => m.handle === ENTRY_SHEET);

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
