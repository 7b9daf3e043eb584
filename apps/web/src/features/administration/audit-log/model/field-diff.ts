import { auditFieldLabel, auditValueLabel, permissionLabel, roleLabel } from '@mde/contracts';

/** One field of an audit entry's object: its value before and after the change, as readable text. */
export interface FieldChange {
  field: string;
  /** The field as the forms name it (docs/administration.md "Wörter der Administration"). */
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

// A permission or role code in a list reads as the catalogue names it.
const word = (value: unknown) =>
  typeof value === 'string' ? roleLabel(permissionLabel(value)) : JSON.stringify(value);

const text = (value: unknown, field: string): string => {
  if (value === undefined || value === null) return '–';
  if (typeof value === 'string') return auditValueLabel(field, value);
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.map(word).join(', ');
  return JSON.stringify(value);
};

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === null || value === undefined
      ? {}
      : { Wert: value };

/**
 * Before → after as a list of fields (the union of both objects' keys, in the order they first appear):
 * changed fields first, so the eye lands on what the change did.
 */
export function fieldDiff(before: unknown, after: unknown): FieldChange[] {
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = keys.map((field) => {
    const was = text(b[field], field);
    const is = text(a[field], field);
    return { field, label: auditFieldLabel(field), before: was, after: is, changed: was !== is };
  });
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}
