import { describe, expect, it } from 'vitest';
import { type HeaderFacts, type HeaderFieldValues, isChosenId, isIsoDate } from './capture-header';
import type { CaptureModuleInfo } from './capture-module';
import { CAPTURE_HEADER_FIELDS, CAPTURE_MODULE_INFOS } from './capture-modules';
import { goodsReceiptCheckHeaderProblem, goodsReceiptCheckModule } from './goods-receipt-check';
import { inventoryCountHeaderProblem, inventoryCountModule } from './inventory-count';
import { orderingHeaderProblem, orderingModule } from './ordering';
import { returnsHeaderProblem, returnsModule } from './returns';

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

describe('the header fields each module declares', () => {
  const filled: HeaderFieldValues = {
    datum: '2026-12-01',
    lager: 1101,
    belegdatum: '2026-11-21',
    supplierId: 7,
    art: 'BESTELLUNG',
    documentId: 3,
  };
  const checks: [CaptureModuleInfo, (header: HeaderFacts) => string | undefined][] = [
    [inventoryCountModule, inventoryCountHeaderProblem],
    [returnsModule, returnsHeaderProblem],
    [orderingModule, orderingHeaderProblem],
    [goodsReceiptCheckModule, goodsReceiptCheckHeaderProblem],
  ];

  it('are what its header check needs: its declared fields filled, and only they, complete the header', () => {
    for (const [info, headerProblem] of checks) {
      const only = Object.fromEntries(info.headerFields.map((f) => [f, filled[f]]));
      expect(headerProblem(only), info.key).toBeUndefined();
      for (const f of info.headerFields)
        expect(headerProblem({ ...only, [f]: null }), `${info.key} ${f}`).toBeDefined();
    }
  });

  it('make the engine’s header: every field some module declares, once', () => {
    const declared = new Set(CAPTURE_MODULE_INFOS.flatMap((m): readonly string[] => m.headerFields));
    expect([...CAPTURE_HEADER_FIELDS].sort()).toEqual([...declared].sort());
    expect(new Set(CAPTURE_HEADER_FIELDS).size).toBe(CAPTURE_HEADER_FIELDS.length);
  });
});
