import type { DeliveryNoteDetail } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { overlayNote, type PendingNoteChange } from './note-overlay';

const note: DeliveryNoteDetail = {
  id: 5,
  variante: 'WARENUEBERNAHME',
  number: 'LS5',
  referenceNumber: null,
  supplierId: 1,
  supplierNumber: 'L1',
  supplierName: 'Zott',
  date: '2026-11-26',
  status: 'offen',
  barcode: null,
  lineCount: 2,
  bookedAt: null,
  bookedBy: null,
  warehouseId: null,
  lines: [line(10, 'Karton', 6, 2, 0), line(11, 'Stk', 1, 4, 1)],
};
function line(articleId: number, unit: string, factor: number, expected: number, counted: number) {
  return {
    articleId,
    articleNumber: `A${articleId}`,
    designation: `Artikel ${articleId}`,
    unit,
    factor,
    expected,
    counted,
    difference: counted - expected,
    unexpected: false,
  };
}
const article = (articleId: number) => ({
  articleId,
  number: `A${articleId}`,
  designation: `Artikel ${articleId}`,
  baseUnit: 'Stk',
});
const scan = (articleId: number, base = 1, noteId = 5): PendingNoteChange => ({
  kind: 'scan',
  noteId,
  article: article(articleId),
  base,
  quantity: null,
});
const correct = (articleId: number, quantity: number): PendingNoteChange => ({
  kind: 'correct',
  noteId: 5,
  article: article(articleId),
  base: null,
  quantity,
});

describe('overlayNote', () => {
  it('adds waiting scans to the server count (increments: other users’ counts stay), in the line unit', () => {
    const shown = overlayNote(note, [scan(11), scan(11), scan(10, 6), scan(10, 3)]);
    expect(shown.lines.find((l) => l.articleId === 11)).toMatchObject({ counted: 3, difference: -1, pending: true });
    expect(shown.lines.find((l) => l.articleId === 10)).toMatchObject({ counted: 1.5, difference: -0.5 });
    expect(shown.status).toBe('in Prüfung');
  });

  it('a correction sets the count; later scans add to it; earlier ones are replaced', () => {
    const shown = overlayNote(note, [scan(11), correct(11, 7), scan(11)]);
    expect(shown.lines.find((l) => l.articleId === 11)).toMatchObject({ counted: 8, difference: 4 });
  });

  it('an article the note lacks shows as flagged surplus in its base unit', () => {
    const shown = overlayNote(note, [scan(99, 2)]);
    expect(shown.lines.at(-1)).toMatchObject({ articleId: 99, expected: 0, counted: 2, unexpected: true });
  });

  it('counts scans the device could not resolve apart, marks a waiting booking, ignores other notes', () => {
    const shown = overlayNote(note, [
      { kind: 'scan', noteId: 5, article: null, base: null, quantity: null },
      { kind: 'book', noteId: 5, article: null, base: null, quantity: null },
      scan(11, 1, 6),
    ]);
    expect(shown).toMatchObject({ unresolvedScans: 1, bookingPending: true });
    expect(shown.lines.every((l) => !l.pending)).toBe(true);
  });

  it('without waiting changes it is the server’s note', () => {
    const shown = overlayNote(note, []);
    expect(shown).toMatchObject({ status: 'offen', bookingPending: false, unresolvedScans: 0 });
    expect(shown.lines.map((l) => l.counted)).toEqual([0, 1]);
  });
});
