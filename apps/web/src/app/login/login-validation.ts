import type { LoginRequest } from '@mde/contracts';
import { MSG } from '@mde/contracts/messages';

export interface LoginInput {
  username: string;
  password: string;
  stayAuthenticated: boolean;
}

const USERNAME_MAX = 100;
const PASSWORD_MAX = 200;

/**
 * The rules of loginRequestSchema (contracts auth.ts) written out by hand: the login page is the first
 * thing a handheld loads and zod would double its script (the shell's bundle target). The server still
 * checks every request with the schema; login-validation.test.ts keeps both in step.
 */
export function loginProblems(input: LoginInput): Partial<Record<keyof LoginInput, string>> {
  const problems: Partial<Record<keyof LoginInput, string>> = {};
  const username = input.username.trim();
  if (username.length === 0) problems.username = MSG.required;
  else if (username.length > USERNAME_MAX) problems.username = MSG.tooLong;
  if (input.password.length === 0) problems.password = MSG.required;
  else if (input.password.length > PASSWORD_MAX) problems.password = MSG.tooLong;
  return problems;
}

/** The request the form sends, or null while a field is refused (the button stays disabled). */
export function loginRequestOf(input: LoginInput): LoginRequest | null {
  if (Object.keys(loginProblems(input)).length > 0) return null;
  return { ...input, username: input.username.trim(), stayAuthenticated: !!input.stayAuthenticated };
}
