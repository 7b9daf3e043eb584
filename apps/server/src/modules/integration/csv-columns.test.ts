import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, germanEuroCents, germanMonth, germanNumber, RefusedCell, refusedCellOf } from './csv-columns';

// Numbers in an import file are read as German Excel writes them, exactly, or the row is refused: never guessed,
// never rounded.

const refused = (value: unknown) => (value instanceof RefusedCell ? value.message : null);

describe('germanNumber', () => {
  it.each([
    ['12', 12],
    ['-7', -7],
    ['1,5', 1.5],
    ['12,500', 12.5],
    ['1.200', 1200],
    ['1.234.567', 1234567],
    ['1.234,56', 1234.56],
    ['-1.200,5', -1200.5],
    [' 1,0005 ', 1.0005],
    ['0,001', 0.001],
  ])('reads %j as %d', (cell, expected) => {
    expect(germanNumber(cell)).toBe(expected);
  });

  it.each(['1.5', '1.2345', '1,200.50', '1,2,3', '12.00', '.5', '1.', '1.23.4'])(
    'refuses %j, which a reading either way would make a different number',
    (cell) => {
      expect(refused(germanNumber(cell))).toBe(
        `„${cell}“ ist keine eindeutige Zahl: Der Punkt trennt Tausender, das Komma Dezimalstellen (z. B. 1.200 oder 1,5)`,
      );
    },
  );

  it.each(['', 'zwölf', '1 200', '1e3'])('leaves %j as text for the row check', (cell) => {
    expect(germanNumber(cell)).toBe(cell.trim());
  });
});

describe('germanEuroCents', () => {
  it.each([
    ['0,89', 89],
    ['1,5', 150],
    ['12', 1200],
    ['1.299,00', 129900],
    ['1.200', 120000],
    ['0,1', 10],
    ['-0,01', -1],
  ])('reads %j as %d cents', (cell, cents) => {
    expect(germanEuroCents(cell)).toBe(cents);
  });

  it('refuses a price with more than two decimals instead of rounding it', () => {
    expect(refused(germanEuroCents('1,999'))).toBe(
      '„1,999“ hat mehr als zwei Nachkommastellen: Preise werden in Cent gespeichert',
    );
    expect(refused(germanEuroCents('1.5'))).toContain('keine eindeutige Zahl');
  });
});

describe('germanMonth', () => {
  it.each([
    ['03.2026', '2026-03'],
    ['3.2026', '2026-03'],
    ['12.2025', '2025-12'],
    [' 2026-03 ', '2026-03'],
    ['01.03.2026', '2026-03'],
    ['1.3.2026', '2026-03'],
    ['2026-03-01', '2026-03'],
  ])('reads %j as %j', (cell, month) => {
    expect(germanMonth(cell)).toBe(month);
  });

  it.each(['15.03.2026', '2026-03-15', 'März 2026', '03/2026', ''])('leaves %j as text for the row check', (cell) => {
    expect(germanMonth(cell)).toBe(cell.trim());
  });
});

describe('turnover amounts', () => {
  it('reads euros as cents, negative too, and refuses a third decimal naming turnover', () => {
    const row = (Umsatz: string) => CSV_COLUMNS.turnover.toRow({ Firma: '1', Monat: '09.2026', Menge: '1', Umsatz });
    expect(row('1.071,56').amountCents).toBe(107156);
    expect(row('-3,6').amountCents).toBe(-360);
    expect(refusedCellOf(row('1,999'))).toEqual({
      field: 'amountCents',
      message: '„1,999“ hat mehr als zwei Nachkommastellen: Umsätze werden in Cent gespeichert',
    });
  });
});

describe('refusedCellOf', () => {
  it('names the field of the first refused cell of a row, inside lists too', () => {
    const row = CSV_COLUMNS.articles.toRow({
      Firma: '1',
      Artikelnummer: 'A-1',
      'Bezeichnung 1': 'Äpfel',
      Abteilung: 'Obst',
      Basiseinheit: 'ST',
      Einheiten: 'ST:1',
      Preise: '1100:ST:0,89:01.01.2026|1300:ST:1,999:01.01.2026',
    });
    expect(refusedCellOf(row)).toEqual({
      field: 'prices.1.priceCents',
      message: '„1,999“ hat mehr als zwei Nachkommastellen: Preise werden in Cent gespeichert',
    });
    expect(refusedCellOf(CSV_COLUMNS.stock.toRow({ Firma: '1', Bestand: '1.200' }))).toBeNull();
  });
});
