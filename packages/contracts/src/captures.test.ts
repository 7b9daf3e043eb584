import { describe, expect, it } from 'vitest';
import { CAPTURE_LINE_INPUT_FIELD_NAMES, CAPTURE_MSG, captureLineInputSchema, lineValuesOf } from './captures';
import { readCode } from './code-reading';
import { GS } from './gs1';
import { MSG } from './messages';

const line = { articleId: 1, quantity: 2, capturedAt: '2026-11-27T08:00:00.000Z' };
const problem = (extra: Record<string, unknown>) =>
  captureLineInputSchema.safeParse({ ...line, ...extra }).error?.issues[0]?.message;

describe('capture line fields', () => {
  it('takes a batch of up to 20 printable characters and an ISO best-before date', () => {
    const parsed = captureLineInputSchema.parse({ ...line, batch: 'L-2026/42', bestBefore: '2027-03-31' });
    expect(parsed).toMatchObject({ batch: 'L-2026/42', bestBefore: '2027-03-31' });
    expect(CAPTURE_LINE_INPUT_FIELD_NAMES).toEqual(expect.arrayContaining(['batch', 'bestBefore']));
    expect(CAPTURE_LINE_INPUT_FIELD_NAMES).not.toContain('factor');
  });

  it('refuses a bad batch or date with a German message', () => {
    expect(problem({ batch: 'X'.repeat(21) })).toBe(MSG.tooLong);
    expect(problem({ batch: 'AB\u0007C' })).toBe(CAPTURE_MSG.batchNotPrintable);
    expect(problem({ batch: 'AB\u0000C' })).toMatch(/Zeichen/);
    expect(problem({ batch: 'AB\ud800' })).toMatch(/Zeichen/);
    expect(problem({ bestBefore: '2027-02-30' })).toBeDefined();
    expect(problem({ bestBefore: '31.03.2027' })).toBeDefined();
  });

  it('copies every field of a line, and only those', () => {
    const values = lineValuesOf({
      quantity: 1,
      unit: 'Stück',
      factor: 1,
      storageLocation: null,
      reason: null,
      batch: 'B1',
      bestBefore: '2027-01-31',
      ...{ articleId: 9 },
    } as Parameters<typeof lineValuesOf>[0]);
    expect(values).toEqual({
      quantity: 1,
      unit: 'Stück',
      factor: 1,
      storageLocation: null,
      reason: null,
      batch: 'B1',
      bestBefore: '2027-01-31',
    });
  });
});

describe('GS1 batch and best-before reading', () => {
  it('reads AI 10 and AI 17 (day 00 is the last day of the month) from a scanned GS1 code', () => {
    const read = readCode(`]d2010400638133393117270200${GS}10LOT-7A`);
    expect(read.ok && read.readings[0]).toMatchObject({ gs1: { batch: 'LOT-7A', expiry: '2027-02-28' } });
    const human = readCode('(01)04006381333931(17)280315(10)ABC123');
    expect(human.ok && human.readings[0]).toMatchObject({ gs1: { batch: 'ABC123', expiry: '2028-03-15' } });
  });
});
