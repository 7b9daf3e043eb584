import type { LoginRequest } from '@mde/contracts';
import { MSG } from '@mde/contracts/messages';
import type { FieldErrors, Resolver } from 'react-hook-form';

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

export const loginResolver: Resolver<LoginInput, unknown, LoginRequest> = (input) => {
  const problems = loginProblems(input);
  const entries = Object.entries(problems);
  if (entries.length === 0) {
    const values = { ...input, username: input.username.trim(), stayAuthenticated: !!input.stayAuthenticated };
    return { values, errors: {} };
  }
  const errors: FieldErrors<LoginInput> = {};
  for (const [field, message] of entries) errors[field as keyof LoginInput] = { type: 'validate', message };
  return { values: {}, errors };
};
