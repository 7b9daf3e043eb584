import { describe, expect, it } from 'vitest';
import { isChosenId, isIsoDate } from './capture-header';
import { goodsReceiptCheckHeaderProblem } from './goods-receipt-check';
import { inventoryCountHeaderProblem } from './inventory-count';
import { orderingHeaderProblem } from './ordering';
import { returnsHeaderProblem } from './returns';

describe('header fields', () => {
  it('a date is a calendar date written YYYY-MM-DD', () => {
    expect(isIsoDate('2026-11-21')).toBe(true);
    for (const bad of ['', '21.11.2026', '2026-02-30', '2026-11-21T00:00:00Z', null, undefined, 20261121]) {
      expect(isIsoDate(bad)).toBe(false);
    }
  });
  it('a chosen id is a positive whole number', () => {
    expect(isChosenId(1101)).toBe(true);
    for (const bad of [0, -1, 1.5, '1101', null, undefined]) expect(isChosenId(bad)).toBe(false);
  });
});

describe('each module says what its header lacks', () => {
  it('Inventur: warehouse and document date', () => {
    expect(inventoryCountHeaderProblem({ lager: 1101, belegdatum: '2026-11-21' })).toBeUndefined();
    expect(inventoryCountHeaderProblem({ lager: null, belegdatum: '2026-11-21' })).toBe(
      'Bitte wählen Sie zuerst Lager und Belegdatum',
    );
    expect(inventoryCountHeaderProblem(null)).toBeDefined();
  });
  it('Retouren: document date and supplier', () => {
    expect(returnsHeaderProblem({ belegdatum: '2026-11-21', supplierId: 7 })).toBeUndefined();
    expect(returnsHeaderProblem({ belegdatum: '21.11.2026', supplierId: 7 })).toBe(
      'Bitte geben Sie zuerst Belegdatum und Lieferant ein',
    );
  });
  it('Bestellung: the Liefertermin', () => {
    expect(orderingHeaderProblem({ datum: '2026-12-01' })).toBeUndefined();
    expect(orderingHeaderProblem({ datum: null })).toBe('Bitte geben Sie zuerst den Liefertermin ein');
  });
  it('Warenverprobung: the kind of document and the document', () => {
    expect(goodsReceiptCheckHeaderProblem({ art: 'BESTELLUNG', documentId: 3 })).toBeUndefined();
    expect(goodsReceiptCheckHeaderProblem({ art: 'BESTELLUNG', documentId: null })).toBe(
      'Bitte wählen Sie zuerst eine Bestellung oder Warenübernahme',
    );
    expect(goodsReceiptCheckHeaderProblem({ art: 'rechnung', documentId: 3 })).toBeDefined();
  });
});
