import { MSG } from './messages';
import { hasUnsafeChars, isYearInRange, SAFE_INPUT_MSG } from './safe-input';
import { z } from './zod';

/** Error body of every non-2xx answer: a German sentence, a machine code, field messages for forms. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Any string input: refused when no database could store it (NUL, a lone surrogate). */
export const safeString = () =>
  z.string({ error: MSG.invalidValue }).refine((v) => !hasUnsafeChars(v), { error: SAFE_INPUT_MSG.unsafeText });

// Bounded strings everywhere: a 10 kB string is refused with a German message, never stored.
export const text = (max = 200) => safeString().trim().max(max, { error: MSG.tooLong });
export const requiredText = (max = 200) => text(max).min(1, { error: MSG.required });
const ID_MAX = 2_147_483_647;
/** An id in a JSON body: a whole JSON number, never a boolean or a text read as one. */
export const idSchema = z
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .positive({ error: MSG.invalidValue })
  .max(ID_MAX, { error: MSG.invalidValue });

/**
 * A whole number in a path or a query string, which are text by nature: plain decimal digits without sign,
 * spaces or leading zeros are read as the number; 'true', '1e3', '0x10' or '' are refused, never coerced.
 */
export const intTextSchema = (min: number, max: number, error: string = MSG.invalidValue) =>
  z
    .string({ error })
    .regex(/^(0|[1-9]\d{0,15})$/, { error })
    .transform(Number)
    .pipe(z.number().int().min(min, { error }).max(max, { error }));
/** An id in a path or a query string. */
export const idTextSchema = intTextSchema(1, ID_MAX).meta({ example: '42' });
export const idParamSchema = z.strictObject({ id: idTextSchema });
// A NUL or a lone surrogate never matches the date pattern: the format check refuses those already.
export const isoDateSchema = z.iso
  .date({ error: MSG.invalidValue })
  .refine(isYearInRange, { error: SAFE_INPUT_MSG.yearOutOfRange });

/**
 * A client's ISO date-time with offset. Its year must lie in 0001–9999 both as written and as the UTC
 * instant the database stores: '0001-01-01T00:30+01:00' is still year 0 in UTC.
 */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: MSG.invalidValue }).refine(
  (v) => {
    const instant = new Date(v);
    // Not a date at all is the format check's finding, not this one's.
    return Number.isNaN(instant.getTime()) || (isYearInRange(v) && isYearInRange(instant.toISOString()));
  },
  { error: SAFE_INPUT_MSG.yearOutOfRange },
);
export const okSchema = z.object({ ok: z.literal(true) });
