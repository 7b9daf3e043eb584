import { MSG } from './messages';
import { z } from './zod';

export const PASSWORD_MIN_LENGTH = 8;

/** The four character classes of docs/spec.md §5; strength 4 means all four present. */
export const passwordRules = [
  { test: (p: string) => /\p{Lu}/u.test(p), message: MSG.needUpper },
  { test: (p: string) => /\p{Ll}/u.test(p), message: MSG.needLower },
  { test: (p: string) => /\d/.test(p), message: MSG.needNumber },
  { test: (p: string) => /[^\p{L}\d]/u.test(p), message: MSG.needSpecial },
] as const;

/** All messages a password currently earns, in the order the form lists them. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(MSG.minLength(password.length));
  for (const rule of passwordRules) if (!rule.test(password)) problems.push(rule.message);
  return problems;
}

export const newPasswordSchema = z
  .string({ error: MSG.required })
  .max(200, { error: MSG.tooLong })
  .superRefine((value, ctx) => {
    const first = passwordProblems(value)[0];
    if (first) ctx.addIssue({ code: 'custom', message: first });
  });
