import { loginRequestSchema } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { type LoginInput, loginProblems, loginRequestOf } from './login-validation';

const cases: LoginInput[] = [
  { username: 'demo', password: 'Demo1234!', stayAuthenticated: false },
  { username: '  demo  ', password: 'x', stayAuthenticated: true },
  { username: '', password: '', stayAuthenticated: false },
  { username: '   ', password: 'secret', stayAuthenticated: false },
  { username: 'a'.repeat(100), password: 'p'.repeat(200), stayAuthenticated: false },
  { username: 'a'.repeat(101), password: 'p'.repeat(201), stayAuthenticated: false },
  { username: 'x'.repeat(10_000), password: '', stayAuthenticated: true },
];

describe('login validation without zod', () => {
  it.each(cases)('agrees with loginRequestSchema for %j', (input) => {
    const parsed = loginRequestSchema.safeParse(input);
    const problems = loginProblems(input);
    if (parsed.success) {
      expect(problems).toEqual({});
      expect(loginRequestOf(input)).toEqual(parsed.data);
    } else {
      const first: Record<string, string> = {};
      for (const issue of parsed.error.issues) first[String(issue.path[0])] ??= issue.message;
      expect(problems).toEqual(first);
      expect(loginRequestOf(input)).toBeNull();
    }
  });
});
