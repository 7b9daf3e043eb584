import { passwordTokenRequestSchema } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { checkFields } from './field-problems';

describe('checkFields', () => {
  it('gives the parsed values of a valid form', () => {
    expect(checkFields(passwordTokenRequestSchema, { username: 'demo', email: 'demo@example.org' })).toMatchObject({
      ok: true,
      data: { username: 'demo', email: 'demo@example.org' },
    });
  });

  it("gives each refused field's first German message", () => {
    const checked = checkFields(passwordTokenRequestSchema, { username: '', email: 'kein' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.problems).sort()).toEqual(['email', 'username']);
    for (const message of Object.values(checked.problems)) expect(message).toMatch(/[A-ZÄÖÜ]/);
  });
});
