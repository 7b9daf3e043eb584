/** A short, stable FNV-1a hash of the precache entries: equal files, equal version. */
export function versionHash(entries: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const entry of [...entries].sort()) {
    for (let i = 0; i < entry.length; i++) {
      h ^= entry.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h ^= 0x0a;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
