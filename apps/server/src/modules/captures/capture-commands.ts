import type {
  CaptureExportInput,
  CaptureExportResult,
  CaptureHeaderInput,
  CaptureLineInput,
  CaptureLineResult,
  CaptureModule,
} from '@mde/contracts';
import { CAPTURE_MSG } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { lineFromRow } from './capture-mappers';
import type { CapturePolicies, WriterSession } from './capture-policy';
import { CaptureWriter, type Outcome } from './capture-writer';
import { findLine } from './captures.repository';

// The online (REST) path: one change per request through the same writer as the sync, without a device
// sequence; a rejection becomes an HTTP error with the German reason.

export async function putLine(
  db: Db,
  policies: CapturePolicies,
  session: WriterSession,
  module: CaptureModule,
  clientId: string,
  input: CaptureLineInput,
) {
  return db.transaction().execute(async (trx) => {
    const writer = new CaptureWriter(trx, session, null, policies);
    await writer.prepare({ modules: [module], clientIds: [clientId], articleIds: [input.articleId] });
    return lineResult(trx, writer, session, clientId, await writer.upsertLine(module, clientId, input));
  });
}

export async function removeLine(
  db: Db,
  policies: CapturePolicies,
  session: WriterSession,
  module: CaptureModule,
  clientId: string,
  updatedAt?: string,
) {
  return db.transaction().execute(async (trx) => {
    const writer = new CaptureWriter(trx, session, null, policies);
    await writer.prepare({ modules: [module], clientIds: [clientId], articleIds: [] });
    const outcome = await writer.deleteLine(module, clientId, updatedAt);
    if (outcome.status === 'applied' && outcome.missing) throw notFound(CAPTURE_MSG.lineNotFound);
    return lineResult(trx, writer, session, clientId, outcome);
  });
}

async function lineResult(
  trx: Db,
  writer: CaptureWriter,
  session: WriterSession,
  clientId: string,
  outcome: Outcome,
): Promise<CaptureLineResult> {
  if (outcome.status === 'rejected') throw outcomeError(outcome);
  await writer.flush();
  const row = await findLine(trx, session.userId, clientId);
  if (!row) throw notFound(CAPTURE_MSG.lineNotFound);
  return {
    line: lineFromRow(row),
    serverVersion: outcome.serverVersion,
    ...(outcome.note ? { note: outcome.note } : {}),
  };
}

export async function putHeader(
  db: Db,
  policies: CapturePolicies,
  session: WriterSession,
  module: CaptureModule,
  input: CaptureHeaderInput,
) {
  return db.transaction().execute(async (trx) => {
    const writer = new CaptureWriter(trx, session, null, policies);
    await writer.prepare({ modules: [module], clientIds: [], articleIds: [] });
    const outcome = await writer.setHeader(module, input);
    if (outcome.status === 'rejected') throw outcomeError(outcome);
    return outcome;
  });
}

export async function exportCapture(
  trx: Db,
  policies: CapturePolicies,
  session: WriterSession,
  module: CaptureModule,
  key: string,
  input: CaptureExportInput,
): Promise<CaptureExportResult> {
  const writer = new CaptureWriter(trx, session, null, policies);
  await writer.prepare({ modules: [], clientIds: [], articleIds: [] });
  return writer.export(module, key, input);
}

/** REST answers a rejected change with its status and German reason. */
function outcomeError(outcome: Extract<Outcome, { status: 'rejected' }>) {
  const code = outcome.httpStatus === 404 ? 'NOT_FOUND' : outcome.httpStatus === 409 ? 'CONFLICT' : 'BAD_REQUEST';
  return new AppError(outcome.httpStatus, code, outcome.reason);
}
