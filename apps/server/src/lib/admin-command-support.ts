import type { z } from 'zod';
import type { AdminCommandContext } from './admin-command';
import { AppError } from './app-error';

/** A command's input checked with the API's own schema; the first German field message, or the value. */
export function parsedInput<T>(context: AdminCommandContext, schema: z.ZodType<T>, input: unknown): T | undefined {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) context.err(`${issue.path.join('.') || 'Eingabe'}: ${issue.message}`);
  return undefined;
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
