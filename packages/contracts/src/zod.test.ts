import { describe, expect, it } from 'vitest';
import { articleIdentitySchema } from './articles';
import { z } from './zod';

describe('zod messages', () => {
  it('are German for a schema module imported on its own, as the web build keeps only the modules it uses', () => {
    const result = articleIdentitySchema.safeParse({ number: 7 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Ungültige Eingabe: erwartet/);
  });

  it('word a bound as the app does: the number in German, what a text or list counts', () => {
    const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    expect(message(z.number().max(999_999_999), 1e9)).toBe('Höchstens 999.999.999');
    expect(message(z.number().int().min(-5), -6)).toBe('Mindestens -5');
    expect(message(z.number().positive(), 0)).toBe('Größer als 0');
    expect(message(z.number().lt(1.5), 2)).toBe('Kleiner als 1,5');
    expect(message(z.string().max(40), 'x'.repeat(41))).toBe('Höchstens 40 Zeichen');
    expect(message(z.array(z.number()).min(1), [])).toBe('Mindestens 1 Eintrag');
    expect(message(z.array(z.number()).max(20), Array(21).fill(1))).toBe('Höchstens 20 Einträge');
    // Not below zero, and a value outside a list, as the app says them (not zod's 'Zu klein' or 'Ungültige Option').
    expect(message(z.number().min(0), -1)).toBe('Der Wert darf nicht negativ sein');
    expect(message(z.number().int().nonnegative(), -3)).toBe('Der Wert darf nicht negativ sein');
    expect(message(z.enum(['shelf', 'pallet']), 'floor')).toBe('Ungültiger Wert (erlaubt: shelf, pallet)');
    expect(message(z.literal('v1'), 'v2')).toBe('Ungültiger Wert (erlaubt: v1)');
    // A schema's own wording stays its own.
    expect(message(z.number().max(3, { error: 'Die Menge ist zu groß' }), 4)).toBe('Die Menge ist zu groß');
    expect(message(z.enum(['a'], { error: 'Unbekannte Art' }), 'b')).toBe('Unbekannte Art');
  });
});
