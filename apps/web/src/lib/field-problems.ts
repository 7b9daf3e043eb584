/** A schema of the contracts, as far as a form needs it: zod's safeParse. */
interface Schema<T> {
  safeParse: (
    v: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export type FieldProblems = Record<string, string>;

/**
 * A form's check against the contracts' zod schema (docs/conventions.md#web): the parsed values, or each
 * field's first German message, to be shown at that field.
 */
export function checkFields<T>(
  schema: Schema<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; problems: FieldProblems } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false, problems };
}
