// Artikel-Info list (docs/modules.md#artikel-info: search by text, number, EAN): the field searches as the user types, after a
// pause, so a scanner's keystrokes or fast typing do not fire a request per key.
export const SEARCH_DEBOUNCE_MS = 300;

export const normaliseQuery = (q: string) => q.trim().replace(/\s+/g, ' ');

/** A term is worth keeping in the search history once it says something (two characters or more). */
export const isHistoryTerm = (q: string) => normaliseQuery(q).length >= 2;
