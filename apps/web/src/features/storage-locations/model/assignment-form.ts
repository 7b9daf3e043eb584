import { type AssignmentValues, assignmentLimitIssues } from '@mde/contracts';

/** The three inputs as typed (German decimal comma allowed). */
export interface AssignmentInput {
  quantity: string;
  minQuantity: string;
  maxQuantity: string;
}

const FIELDS = ['quantity', 'minQuantity', 'maxQuantity'] as const;

export const toInput = (v: AssignmentValues): AssignmentInput => ({
  quantity: formatNumber(v.quantity),
  minQuantity: formatNumber(v.minQuantity),
  maxQuantity: formatNumber(v.maxQuantity),
});

export const EMPTY_INPUT: AssignmentInput = { quantity: '0', minQuantity: '0', maxQuantity: '0' };

function formatNumber(n: number): string {
  return String(n).replace('.', ',');
}

/** '1,5' and '1.5' are 1.5; empty or anything else is NaN (the form says "Bitte eine Zahl eingeben"). */
export function parseNumber(text: string): number {
  const t = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return Number.NaN;
  return Number(t);
}

export type InputIssues = Partial<Record<keyof AssignmentInput, string>>;

/** The figures when they may be stored, else the German message per field (contracts: min ≤ max, ≥ 0). */
export function readInput(
  input: AssignmentInput,
  notANumber: string,
): { ok: true; values: AssignmentValues } | { ok: false; issues: InputIssues } {
  const issues: InputIssues = {};
  const values = { quantity: 0, minQuantity: 0, maxQuantity: 0 };
  for (const f of FIELDS) {
    const n = parseNumber(input[f]);
    if (Number.isNaN(n)) issues[f] = notANumber;
    values[f] = n;
  }
  if (Object.keys(issues).length > 0) {
    // The other fields' own rules still show, so the user sees everything at once.
    for (const [k, m] of Object.entries(assignmentLimitIssues(values))) {
      const key = k as keyof AssignmentInput;
      if (!issues[key] && !Number.isNaN(values[key])) issues[key] = m;
    }
    return { ok: false, issues };
  }
  const limits = assignmentLimitIssues(values);
  if (Object.keys(limits).length > 0) return { ok: false, issues: limits };
  return { ok: true, values };
}

/** Unsaved: any field differs from what was loaded (compared as numbers, so '1,0' equals '1'). */
export function isDirty(initial: AssignmentInput, current: AssignmentInput): boolean {
  return FIELDS.some((f) => {
    const a = parseNumber(initial[f]);
    const b = parseNumber(current[f]);
    if (Number.isNaN(a) || Number.isNaN(b)) return initial[f].trim() !== current[f].trim();
    return a !== b;
  });
}
