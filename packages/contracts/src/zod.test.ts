import { describe, expect, it } from 'vitest';
import { articleIdentitySchema } from './articles';

describe('zod messages', () => {
  it('are German for a schema module imported on its own, as the web build keeps only the modules it uses', () => {
    const result = articleIdentitySchema.safeParse({ number: 7 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Ungültige Eingabe: erwartet/);
  });
});
