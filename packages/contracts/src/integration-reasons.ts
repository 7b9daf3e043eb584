import { INTEGRATION_MSG } from './integration';
import { MSG, VALUE_MSG } from './messages';
import type { z } from './zod';

// Why an import row (PUT /api/integration/v1/<kind>, `npm run import`) is refused, worded as the app words it:
// the bounds as zod.ts says them ('Höchstens 80 Zeichen', 'Der Wert darf nicht negativ sein'), a schema's own
// sentence where it has one, and for what zod would say in its own terms (a JSON type, a date format) the
// sentences below. Never zod's wording about JavaScript types ('erwartet, dass number >=0 ist').

/** What a JSON value of the expected type is called. */
const EXPECTED: Partial<Record<string, string>> = {
  string: 'ein Text',
  number: 'eine Zahl',
  int: 'eine ganze Zahl',
  boolean: 'true oder false',
  array: 'eine Liste (JSON-Array)',
  object: 'ein Objekt',
};

function wrongType(issue: z.core.$ZodIssueInvalidType): string {
  // Absent or null where a value is needed: the field is missing.
  if (issue.input === undefined || issue.input === null) return MSG.required;
  if (typeof issue.input === 'number') {
    // 1e400 reads as Infinity: no number at all.
    if (!Number.isFinite(issue.input)) return MSG.invalidValue;
    // A number with decimals where the field keeps whole units (cents, grams): refused, never rounded.
    if (issue.expected === 'int') return INTEGRATION_MSG.wholeNumber;
  }
  const what = EXPECTED[issue.expected];
  return what ? VALUE_MSG.expected(what) : MSG.invalidValue;
}

/**
 * The German reason for one zod issue of an import row. The issue must carry its input (parse with
 * `reportInput: true`): a missing field and a wrongly typed one get different reasons.
 */
export function importIssueReason(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return MSG.unknownField;
    case 'invalid_type':
      return wrongType(issue);
    case 'invalid_format':
      if (issue.format === 'date') return VALUE_MSG.date;
      if (issue.format === 'datetime') return VALUE_MSG.dateTime;
      return issue.message;
    default:
      return issue.message;
  }
}
