import type { z } from 'zod';
import { existingFirmas } from '../modules/integration/org-import.service';
import type { AdminCommandContext } from './admin-command';
import { AppError } from './app-error';

/** A command's input checked with the API's own schema; the first German field message, or the value. */
export function parsedInput<T>(context: AdminCommandContext, schema: z.ZodType<T>, input: unknown): T | undefined {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) context.err(`${issue.path.join('.') || 'Eingabe'}: ${issue.message}`);
  return undefined;
}

/** The firma of `--firma`, or a German line why not (the operator acts for every firma there is). */
export async function operatorFirma(
  context: AdminCommandContext,
  raw: string | undefined,
): Promise<number | undefined> {
  const firma = Number(raw);
  if (!raw || !Number.isInteger(firma) || firma <= 0 || firma > 2_147_483_647) {
    context.err('--firma fehlt (die Nummer der Firma)');
    return undefined;
  }
  if (!(await existingFirmas(context.database.db, [firma])).has(firma)) {
    context.err(`Die Firma ${firma} gibt es nicht`);
    return undefined;
  }
  return firma;
}

/** Runs a change; a refused one (AppError) prints its German message and the fields' and exits with 1. */
export async function refusedAsExitCode(context: AdminCommandContext, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.err(error.message);
    for (const [field, message] of Object.entries(error.fields ?? {}))
      if (message !== error.message) context.err(`${field}: ${message}`);
    return 1;
  }
}
