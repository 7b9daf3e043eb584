import { z } from 'zod';
import { MSG } from './messages';

/** Error body of every non-2xx answer: a German sentence, a machine code, field messages for forms. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// Bounded strings everywhere: a 10 kB string is refused with a German message, never stored.
export const text = (max = 200) => z.string({ error: MSG.invalidValue }).trim().max(max, { error: MSG.tooLong });
export const requiredText = (max = 200) => text(max).min(1, { error: MSG.required });
export const idSchema = z.coerce
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .positive({ error: MSG.invalidValue })
  .max(2_147_483_647, { error: MSG.invalidValue });
export const idParamSchema = z.strictObject({ id: idSchema });
export const isoDateSchema = z.iso.date({ error: MSG.invalidValue });
export const okSchema = z.object({ ok: z.literal(true) });
