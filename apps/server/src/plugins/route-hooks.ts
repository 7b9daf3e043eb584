/** A route option's hooks (none, one or a list) as a list, so plugins can add theirs in their onRoute hook. */
export function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
