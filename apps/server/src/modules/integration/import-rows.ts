import { type ImportRejection, importIssueReason, MSG } from '@mde/contracts';
import type { z } from 'zod';
import type { BodyRow } from './import-body';

// A field is named by a short plain path; anything else a client sent as a key is not echoed back.
const PLAIN_PATH = /^[\w.-]{1,64}$/;

export class Rejections {
  readonly list: ImportRejection[] = [];
  private readonly indexes = new Set<number>();

  add(index: number, field: string, message: string) {
    if (this.indexes.has(index)) return;
    this.indexes.add(index);
    this.list.push({ index, field: PLAIN_PATH.test(field) ? field : '_', message });
  }

  has(index: number) {
    return this.indexes.has(index);
  }

  sorted(): ImportRejection[] {
    return [...this.list].sort((a, b) => a.index - b.index);
  }
}

/** The first problem of a value that does not fit the row schema, as field and German reason. */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: '_', message: MSG.invalidValue };
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return { field: [path, issue.keys[0]].filter(Boolean).join('.'), message: MSG.unknownField };
  }
  // The reason as the app words it (contracts' integration-reasons.ts), never zod's sentence about types.
  return { field: path || '_', message: importIssueReason(issue) };
}

/** Each row checked against the schema on its own: the rows that fit (with their index) and the refused ones. */
export function validateRows<S extends z.ZodType>(
  schema: S,
  rows: BodyRow[],
  rejections: Rejections,
): { index: number; row: z.infer<S> }[] {
  const valid: { index: number; row: z.infer<S> }[] = [];
  for (const [index, body] of rows.entries()) {
    if ('error' in body) {
      rejections.add(index, body.field ?? '_', body.error);
      continue;
    }
    // With the input on each issue: a missing field and a wrongly typed one get different reasons.
    const result = schema.safeParse(body.value, { reportInput: true });
    if (result.success) valid.push({ index, row: result.data });
    else {
      const { field, message } = firstIssue(result.error);
      rejections.add(index, field, message);
    }
  }
  return valid;
}
