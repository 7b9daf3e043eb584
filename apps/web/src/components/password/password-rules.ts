import { MSG, passwordProblems } from '@mde/contracts';

/** docs/spec.md §5: the live messages under a new-password field (empty while nothing is typed yet). */
export function livePasswordProblems(password: string): string[] {
  return password === '' ? [] : passwordProblems(password);
}

/** docs/spec.md §5: the repeat is required and must match. */
export function repeatProblem(password: string, repeat: string): string | null {
  if (repeat === '') return null;
  return repeat === password ? null : MSG.passwordsDiffer;
}

export const isValidNewPassword = (password: string, repeat: string) =>
  password !== '' && passwordProblems(password).length === 0 && repeat === password;
