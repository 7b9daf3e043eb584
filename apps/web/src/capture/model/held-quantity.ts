interface Key {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * After a refused scan the digits the worker types are meant for the next article, not for the quantity still in
 * the field (4 must not become 42): a key that would change that quantity is held until the worker taps the field.
 */
export function changesQuantity(e: Key): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  return e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete';
}
