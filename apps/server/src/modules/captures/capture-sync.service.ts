import { setImmediate } from 'node:timers/promises';
import {
  CAPTURE_MSG,
  CAPTURE_SYNC_MAX_CHANGES,
  type CaptureModule,
  CHANGE_KINDS,
  type ChangeKind,
  captureClientIdSchema,
  captureExportInputSchema,
  captureHeaderInputSchema,
  captureLineDeleteSchema,
  captureLineInputSchema,
  captureModuleFromLegacyKey,
  hasUnsafeChars,
  MODULES,
  SAFE_INPUT_MSG,
  type SyncChange,
  type SyncChangeResult,
  type SyncRequestBody,
  type SyncResponse,
  syncChangeSchema,
} from '@mde/contracts';
import type { ZodType, z } from 'zod';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { countSyncBatch } from '../../lib/metrics';
import type { AuthContext } from '../../plugins/auth';
import { notifyChangesSetAside } from '../notifications/notifications.events';
import type { CapturePolicies } from './capture-policy';
import {
  type DeviceKey,
  loadAnswers,
  lockDevice,
  pruneAnswers,
  saveAnswers,
  setLastSeq,
} from './capture-sync.repository';
import { CaptureWriter, type Outcome } from './capture-writer';
import { CaptureExportedMeanwhile } from './captures.repository';
import { inDeviceTurn } from './device-turn';
import { EXPORT_KEY_PATTERN } from './export-key';

// A repeat older than this is still answered 'duplicate', only without the first answer's details.
const KEPT_ANSWERS = 4 * CAPTURE_SYNC_MAX_CHANGES;

/** A change as it came: only its seq is sure; the rest is checked by parse(), change by change. */
type Incoming = SyncRequestBody['changes'][number];

type Parsed =
  | { ok: false; reason: string }
  | { ok: true; module: CaptureModule; kind: 'upsert-line'; payload: z.infer<typeof captureLineInputSchema> }
  | { ok: true; module: CaptureModule; kind: 'delete-line'; payload: z.infer<typeof captureLineDeleteSchema> }
  | { ok: true; module: CaptureModule; kind: 'set-header'; payload: z.infer<typeof captureHeaderInputSchema> }
  | { ok: true; module: CaptureModule; kind: 'export'; payload: z.infer<typeof captureExportInputSchema> };

// A 5,000-change sync in one transaction held PGlite's only connection for seconds (0.7-5 s on a busy machine),
// and every scan and login waited for it. A chunk of 100 changes is one short transaction (about 20-40 ms), so
// a request arriving meanwhile waits for about that long; 250 doubled that wait, and the 50 transactions of the
// largest batch took no measurably longer than 20 (bench/captures/sync-stall.mjs).
export const SYNC_CHUNK_CHANGES = 100;

type Prepared = { change: SyncChange; parsed: Parsed };

/**
 * The offline outbox's endpoint: nothing captured offline is lost. Changes apply in seq order, in chunks of
 * SYNC_CHUNK_CHANGES: each chunk is one transaction that applies its changes, stores their answers and moves
 * the device's last_seq, so a failure between chunks loses nothing and a retry of the whole batch is answered
 * 'duplicate' for the chunks already applied. A repeated seq is answered from that log and changes nothing;
 * a gap (an earlier change still on its way) is answered 'pending' so the client sends it again; a rejected
 * change is answered with its reason and the next one still applies. Syncs of one device take turns.
 */
export async function syncChanges(
  db: Db,
  policies: CapturePolicies,
  session: AuthContext,
  body: SyncRequestBody,
): Promise<SyncResponse> {
  const key: DeviceKey = { userId: session.userId, deviceId: body.deviceId };
  const ordered = [...body.changes].sort((a, b) => a.seq - b.seq);
  // Each chunk's changes are checked when its turn comes, so that work too leaves turns to other requests.
  const prepare = (raw: Incoming): Prepared => {
    const envelope = syncChangeSchema.safeParse(raw);
    const change = envelope.success ? envelope.data : answerable(raw);
    return { change, parsed: envelope.success ? parse(envelope.data, session, policies) : invalid(envelope.error) };
  };
  return inDeviceTurn(db, key, async (conn) => {
    const results: SyncChangeResult[] = [];
    let state: ChunkState = { lastSeq: 0, held: false, answers: [] };
    for (let start = 0; start === 0 || start < ordered.length; start += SYNC_CHUNK_CHANGES) {
      // Lets requests that arrived during the last chunk queue for the database before the next one.
      if (start > 0) await setImmediate();
      const chunk = ordered.slice(start, start + SYNC_CHUNK_CHANGES).map(prepare);
      const held = state.held;
      state = await conn.transaction().execute((trx) => applyChunk(trx, policies, session, key, chunk, held));
      results.push(...state.answers);
    }
    countSyncBatch(results);
    return { lastAppliedSeq: state.lastSeq, results };
  });
}

interface ChunkState {
  lastSeq: number;
  /**
   * Set when a capture this batch writes to was exported by another request while we waited for it:
   * this change and all after it (in this chunk and the next ones) wait and are sent again, into the new
   * open capture.
   */
  held: boolean;
  answers: SyncChangeResult[];
}

/** One chunk in its own transaction: its changes, their answers and the device's last_seq move together. */
async function applyChunk(
  trx: Db,
  policies: CapturePolicies,
  session: AuthContext,
  key: DeviceKey,
  chunk: Prepared[],
  wasHeld: boolean,
): Promise<ChunkState> {
  let lastSeq = (await lockDevice(trx, key)).last_seq;
  const stored = await loadAnswers(
    trx,
    key,
    chunk.filter((c) => c.change.seq <= lastSeq).map((c) => c.change.seq),
  );
  const writer = new CaptureWriter(trx, session, key.deviceId, policies);
  let held =
    wasHeld ||
    (await writer.prepare(planOf(chunk.filter((c) => c.change.seq > lastSeq))).then(() => false, exportedMeanwhile));

  const answers: SyncChangeResult[] = [];
  const fresh: SyncChangeResult[] = [];
  for (const { change, parsed } of chunk) {
    if (change.seq <= lastSeq) {
      const first = stored.get(change.seq);
      answers.push(
        first
          ? { ...first, status: 'duplicate', firstStatus: first.status }
          : { seq: change.seq, clientId: change.clientId, status: 'duplicate', serverVersion: 0 },
      );
    } else if (held) {
      answers.push(pendingAnswer(change, CAPTURE_MSG.captureExportedMeanwhile));
    } else if (change.seq > lastSeq + 1) {
      answers.push(pendingAnswer(change, CAPTURE_MSG.waitingForEarlier(lastSeq + 1)));
    } else {
      const answer = await apply(writer, change, parsed).catch(exportedMeanwhile);
      if (answer === true) {
        held = true;
        answers.push(pendingAnswer(change, CAPTURE_MSG.captureExportedMeanwhile));
        continue;
      }
      answers.push(answer);
      fresh.push(answer);
      stored.set(change.seq, answer);
      lastSeq = change.seq;
    }
  }
  await writer.flush();
  await saveAnswers(trx, key, fresh);
  await notifyChangesSetAside(trx, session.userId, chunk, fresh);
  await setLastSeq(trx, key, lastSeq);
  await pruneAnswers(trx, key, lastSeq - KEPT_ANSWERS);
  return { lastSeq, held, answers };
}

function exportedMeanwhile(error: unknown): true {
  if (error instanceof CaptureExportedMeanwhile) return true;
  throw error;
}

const pendingAnswer = (change: SyncChange, reason: string): SyncChangeResult => ({
  seq: change.seq,
  clientId: change.clientId,
  status: 'pending',
  reason,
  serverVersion: 0,
});

async function apply(writer: CaptureWriter, change: SyncChange, parsed: Parsed): Promise<SyncChangeResult> {
  const base = { seq: change.seq, clientId: change.clientId };
  if (!parsed.ok) return { ...base, status: 'rejected', reason: parsed.reason, serverVersion: 0 };
  let outcome: Outcome;
  switch (parsed.kind) {
    case 'upsert-line':
      outcome = await writer.upsertLine(parsed.module, change.clientId, parsed.payload, change.header);
      break;
    case 'delete-line':
      outcome = await writer.deleteLine(parsed.module, change.clientId, parsed.payload.updatedAt);
      break;
    case 'set-header':
      outcome = await writer.setHeader(parsed.module, parsed.payload);
      break;
    case 'export':
      try {
        const result = await writer.export(parsed.module, change.clientId, parsed.payload);
        return { ...base, status: 'applied', serverVersion: 0, export: result };
      } catch (error) {
        if (error instanceof AppError) return { ...base, status: 'rejected', reason: error.message, serverVersion: 0 };
        throw error;
      }
  }
  if (outcome.status === 'rejected')
    return { ...base, status: 'rejected', reason: outcome.reason, serverVersion: outcome.serverVersion };
  const { missing: _missing, ...answer } = outcome;
  return { ...base, ...answer };
}

const PAYLOADS: Record<ChangeKind, ZodType> = {
  'upsert-line': captureLineInputSchema,
  'delete-line': captureLineDeleteSchema,
  'set-header': captureHeaderInputSchema,
  export: captureExportInputSchema,
};

function parse(change: SyncChange, session: AuthContext, policies: CapturePolicies): Parsed {
  const module = captureModuleFromLegacyKey(change.module);
  const policy = module && policies.get(module);
  if (!module || !policy) return { ok: false, reason: CAPTURE_MSG.invalidChange('Unbekanntes Erfassungsmodul') };
  // The sync route is open to every logged-in user; each change needs its module's permission (docs/spec.md §6).
  if (!session.permissions.has(policy.info.permission)) {
    const title = MODULES.find((m) => m.name === module)?.title ?? module;
    return { ok: false, reason: CAPTURE_MSG.noPermission(title) };
  }
  if (change.vkforgId !== undefined && change.vkforgId !== session.vkforgId)
    return { ok: false, reason: CAPTURE_MSG.otherContext };
  const schema = (CHANGE_KINDS as readonly string[]).includes(change.kind)
    ? PAYLOADS[change.kind as ChangeKind]
    : undefined;
  if (!schema) return { ok: false, reason: CAPTURE_MSG.invalidChange(`unbekannte Art „${change.kind}“`) };
  const idOk =
    change.kind === 'export'
      ? EXPORT_KEY_PATTERN.test(change.clientId)
      : change.kind === 'set-header' || captureClientIdSchema.safeParse(change.clientId).success;
  if (!idOk) return { ok: false, reason: CAPTURE_MSG.invalidChange('Ungültige Client-ID') };
  const payload = schema.safeParse(change.payload ?? {});
  if (!payload.success) return invalid(payload.error);
  return { ok: true, module, kind: change.kind, payload: payload.data } as Parsed;
}

/**
 * A change whose envelope failed its check is still answered by its seq. The answer is stored and sent back,
 * so it carries only what any database can store: the client finds its change by the seq anyway.
 */
function answerable(raw: Incoming): SyncChange {
  const clientId = typeof raw.clientId === 'string' && !hasUnsafeChars(raw.clientId) ? raw.clientId.slice(0, 100) : '';
  return { seq: raw.seq, clientId, module: '', kind: '' };
}

/** The first problem of a change as its German reason (a key with a NUL is not repeated in it). */
function invalid(error: z.ZodError): Parsed {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  const detail = `${where}${issue?.message ?? ''}`;
  return { ok: false, reason: CAPTURE_MSG.invalidChange(hasUnsafeChars(detail) ? SAFE_INPUT_MSG.unsafeText : detail) };
}

/** What the batch touches, so the writer reads it in a few queries up front. */
function planOf(changes: Prepared[]) {
  const plan = { modules: [] as CaptureModule[], clientIds: [] as string[], articleIds: [] as number[] };
  for (const { change, parsed: p } of changes) {
    if (!p.ok || p.kind === 'export') continue;
    plan.modules.push(p.module);
    if (p.kind === 'upsert-line') plan.articleIds.push(p.payload.articleId);
    if (p.kind === 'upsert-line' || p.kind === 'delete-line') plan.clientIds.push(change.clientId);
  }
  return plan;
}
