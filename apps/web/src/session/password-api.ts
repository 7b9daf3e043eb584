import type { PasswordChange, PasswordReset, PasswordTokenRequest } from '@mde/contracts';
import { apiFetch } from '../lib/api-client';

interface Result {
  result: boolean;
  message: string;
}

/** docs/spec.md §8: an error or a non-true result is a failure. */
async function expectTrue(call: Promise<Result>): Promise<Result> {
  const answer = await call;
  if (answer.result !== true) throw new Error(answer.message);
  return answer;
}

export const requestResetToken = (body: PasswordTokenRequest) =>
  expectTrue(apiFetch<Result>('/v1/security/password/token', { method: 'POST', body }));

export const resetPassword = (body: PasswordReset) =>
  expectTrue(apiFetch<Result>('/v1/security/password/reset', { method: 'POST', body }));

export const changePassword = (body: PasswordChange) =>
  expectTrue(apiFetch<Result>('/v1/security/user/password', { method: 'POST', body }));
