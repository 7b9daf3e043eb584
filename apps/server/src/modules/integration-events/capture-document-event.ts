import type { CaptureDocumentDetail, EventType } from '@mde/contracts';
import type { Db } from '../../db/database';
import '../articles/articles.tables';
import { recordEvent } from './record-event';

interface Owner {
  firmaId: number;
  vkforgId: number;
  userId: number;
}

/** The code of each article and unit (the GTIN the unit is scanned by), when the article has one. */
export async function codesOf(trx: Db, firmaId: number, lines: readonly { articleId: number; unit: string }[]) {
  const articleIds = [...new Set(lines.map((l) => l.articleId))];
  const codes =
    articleIds.length === 0
      ? []
      : await trx
          .selectFrom('article_code')
          .select(['article_id', 'unit', 'gtin14'])
          .where('firma_id', '=', firmaId)
          .where('article_id', 'in', articleIds)
          .orderBy('gtin14')
          .execute();
  return (articleId: number, unit: string) =>
    codes.find((c) => c.article_id === articleId && c.unit === unit)?.gtin14 ?? null;
}

/**
 * A capture module's exported document as the ERP gets it: the document as the app shows it, each line
 * with the code of its article and unit (the GTIN the unit is scanned by), when the article has one.
 */
export async function recordCaptureExport(trx: Db, owner: Owner, document: CaptureDocumentDetail) {
  const codeOf = await codesOf(trx, owner.firmaId, document.lines);
  await recordEvent(trx, {
    type: `${document.module}.exported` as EventType,
    firmaId: owner.firmaId,
    vkforgId: owner.vkforgId,
    userId: owner.userId,
    document: {
      ...document,
      lines: document.lines.map((line) => ({
        articleNumber: line.articleNumber,
        code: codeOf(line.articleId, line.unit),
        designation: line.designation,
        quantity: line.quantity,
        unit: line.unit,
        factor: line.factor,
        reason: line.reason,
        storageLocation: line.storageLocation,
        // Only on lines that carry them (Inventur, Warenverprobung): the other modules' events stay as they were.
        ...(line.batch && { batch: line.batch }),
        ...(line.bestBefore && { bestBefore: line.bestBefore }),
        capturedAt: line.capturedAt,
      })),
    },
  });
}
