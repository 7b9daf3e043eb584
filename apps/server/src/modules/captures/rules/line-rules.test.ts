import { describe, expect, it } from 'vitest';
import { inventoryCountPolicy } from '../../inventory-count/inventory-count.policy';
import { orderingPolicy } from '../../ordering/ordering.policy';
import { returnsPolicy } from '../../returns/returns.policy';
import type { CapturePolicy, HeaderState } from '../capture-policy';
import type { ArticleFacts } from './article-facts';
import { validateLine } from './line-rules';

const milk: ArticleFacts = {
  id: 1,
  number: '100001',
  designation: 'Bio-Vollmilch',
  baseUnit: 'Stück',
  units: new Map([
    ['Stück', 1],
    ['Karton', 12],
  ]),
  mainSupplier: { id: 7, name: 'Molkerei', minOrderQuantity: 2, orderUnit: 'Karton', orderFactor: 12 },
  supplierIds: new Set([7]),
  targetStock: 24,
};
const emptyHeader: HeaderState = {
  datum: null,
  lager: null,
  belegdatum: null,
  supplierId: null,
  art: null,
  documentId: null,
};
const at = '2026-11-21T10:00:00.000Z';
const ctx = (policy: CapturePolicy, header: Partial<HeaderState> = {}, showsStorageLocation = false) => ({
  policy,
  header: { ...emptyHeader, ...header },
  showsStorageLocation,
});

describe('validateLine', () => {
  it('refuses an unknown article, an unknown unit and fractions of pieces', () => {
    expect(validateLine({ articleId: 1, quantity: 1, capturedAt: at }, undefined, ctx(orderingPolicy))).toEqual({
      ok: false,
      reason: 'Der Artikel wurde nicht gefunden',
    });
    const badUnit = validateLine(
      { articleId: 1, quantity: 1, unit: 'Palette', capturedAt: at },
      milk,
      ctx(orderingPolicy),
    );
    expect(badUnit).toEqual({ ok: false, reason: 'Die Einheit „Palette“ gibt es für diesen Artikel nicht' });
    const half = validateLine(
      { articleId: 1, quantity: 1.5, unit: 'Stück', capturedAt: at },
      milk,
      ctx(orderingPolicy),
    );
    expect(half.ok).toBe(false);
  });
  it('defaults ordering to the order unit and warns below the supplier minimum', () => {
    const verdict = validateLine({ articleId: 1, quantity: 1, capturedAt: at }, milk, ctx(orderingPolicy));
    expect(verdict).toMatchObject({ ok: true, line: { unit: 'Karton', factor: 12 } });
    if (verdict.ok) expect(verdict.line.warnings).toEqual(['Unter der Mindestbestellmenge des Lieferanten (2 Karton)']);
  });
  it('allows a count of 0 in Inventur but not an order of 0, and needs the inventory header', () => {
    const line = { articleId: 1, quantity: 0, capturedAt: at };
    expect(validateLine(line, milk, ctx(inventoryCountPolicy))).toEqual({
      ok: false,
      reason: 'Bitte wählen Sie zuerst Lager und Belegdatum',
    });
    expect(validateLine(line, milk, ctx(inventoryCountPolicy, { lager: 1101, belegdatum: '2026-11-21' })).ok).toBe(
      true,
    );
    expect(validateLine(line, milk, ctx(orderingPolicy)).ok).toBe(false);
  });
  it('keeps the storage location only when FELD_LAGERORT shows it, with a warning otherwise', () => {
    const line = { articleId: 1, quantity: 3, storageLocation: '01-03-2', capturedAt: at };
    const header = { lager: 1101, belegdatum: '2026-11-21' };
    expect(validateLine(line, milk, ctx(inventoryCountPolicy, header, true))).toMatchObject({
      ok: true,
      line: { storageLocation: '01-03-2', warnings: [] },
    });
    expect(validateLine(line, milk, ctx(inventoryCountPolicy, header, false))).toMatchObject({
      ok: true,
      line: {
        storageLocation: null,
        warnings: ['Der Lagerort ist für dieses Modul ausgeblendet und wurde nicht übernommen'],
      },
    });
  });
  it('Retouren: reason required, supplier check warns', () => {
    const header = { belegdatum: '2026-11-21', supplierId: 9 };
    expect(validateLine({ articleId: 1, quantity: 1, capturedAt: at }, milk, ctx(returnsPolicy, header))).toEqual({
      ok: false,
      reason: 'Bitte wählen Sie einen Rückgabegrund',
    });
    const verdict = validateLine(
      { articleId: 1, quantity: 1, reason: 'defekt', capturedAt: at },
      milk,
      ctx(returnsPolicy, header),
    );
    expect(verdict).toMatchObject({
      ok: true,
      line: { reason: 'defekt', warnings: ['Der Lieferant liefert diesen Artikel nicht'] },
    });
    expect(
      validateLine(
        { articleId: 1, quantity: 1, reason: 'defekt', capturedAt: at },
        milk,
        ctx(inventoryCountPolicy, { lager: 1, belegdatum: '2026-11-21' }),
      ).ok,
    ).toBe(false);
  });
});
