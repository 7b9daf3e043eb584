import {
  CAPTURE_HEADER_FIELDS,
  CAPTURE_MSG,
  type CaptureExportInput,
  type CaptureExportResult,
  type CaptureHeaderInput,
  type CaptureLine,
  type CaptureLineInput,
  type CaptureModule,
  type ModuleConfig,
  showsStorageLocation,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { loadModuleConfig } from '../module-config/module-config.service';
import { findSupplier, findWarehouse, loadArticleFacts } from './article-facts.repository';
import { exportCapture } from './capture-export';
import { type LineState, lineFromState, lineRowFromState, lineStateFromRow } from './capture-mappers';
import { type CapturePolicies, type HeaderState, policyFor, type WriterSession } from './capture-policy';
import {
  type CaptureRow,
  findLinesByClientIds,
  lockOrCreateOpenCapture,
  setVersion,
  updateHeader,
  upsertLines,
} from './captures.repository';
import type { ArticleFacts } from './rules/article-facts';
import { validateLine } from './rules/line-rules';

export type Outcome =
  | { status: 'applied'; serverVersion: number; note?: string; warnings?: string[]; line?: CaptureLine; missing?: true }
  | { status: 'rejected'; reason: string; httpStatus: number; serverVersion: number };

interface CaptureState {
  id: number;
  version: number;
  versionDirty: boolean;
  header: HeaderState;
  headerUpdatedAt: Date | null;
  headerDeviceId: string | null;
}

const reject = (reason: string, httpStatus: number, serverVersion = 0): Outcome => ({
  status: 'rejected',
  reason,
  httpStatus,
  serverVersion,
});

/**
 * Applies capture changes of one user inside one transaction: reads what a batch needs up front, keeps
 * lines in memory and writes them in a few statements (a sync chunk of 100 lines is a handful of queries).
 * It trusts what it read only within its transaction, so a sync takes a new writer for each chunk.
 * Across devices the later client edit wins and the answer says so; changes of one device
 * always apply in their order. `deviceId` is null for online REST calls.
 */
export class CaptureWriter {
  private config: ModuleConfig = { modules: [] };
  private readonly captures = new Map<CaptureModule, CaptureState>();
  private readonly lines = new Map<string, LineState>();
  private readonly facts = new Map<number, ArticleFacts>();
  private readonly pending = new Map<string, LineState>();

  constructor(
    private readonly trx: Db,
    private readonly session: WriterSession,
    private readonly deviceId: string | null,
    private readonly policies: CapturePolicies,
  ) {}

  async prepare(plan: { modules: CaptureModule[]; clientIds: string[]; articleIds: number[] }) {
    this.config = await loadModuleConfig(this.trx, this.session.firmaId);
    // A fixed lock order keeps two requests of the same user from waiting on each other in a circle.
    for (const module of [...new Set(plan.modules)].sort()) await this.capture(module);
    for (const row of await findLinesByClientIds(this.trx, this.session.userId, plan.clientIds)) {
      this.lines.set(row.client_id, lineStateFromRow(row));
    }
    for (const [id, f] of await loadArticleFacts(this.trx, this.session, plan.articleIds)) this.facts.set(id, f);
  }

  /** `shown` is the header the device showed with the line (a sync change carries it). */
  async upsertLine(
    module: CaptureModule,
    clientId: string,
    input: CaptureLineInput,
    shown?: CaptureHeaderInput,
  ): Promise<Outcome> {
    const capture = await this.capture(module);
    await this.adoptShownHeader(module, capture, shown);
    const existing = this.lines.get(clientId);
    const elsewhere = existing && this.elsewhere(existing, capture);
    if (elsewhere) return elsewhere;
    const at = new Date(input.updatedAt ?? input.capturedAt);
    const conflict = this.conflict(existing, at);
    if (conflict === 'superseded' && existing) return this.superseded(capture, existing);
    const article = this.facts.get(input.articleId);
    const policy = policyFor(this.policies, module);
    const verdict = validateLine(input, article, {
      policy,
      header: capture.header,
      showsStorageLocation: showsStorageLocation(this.config, policy.info.configName),
    });
    if (!verdict.ok || !article) {
      const reason = verdict.ok ? CAPTURE_MSG.unknownArticle : verdict.reason;
      return reject(reason, reason === CAPTURE_MSG.unknownArticle ? 404 : 400, capture.version);
    }
    const state: LineState = {
      id: existing?.id,
      captureId: capture.id,
      captureStatus: 'open',
      clientId,
      articleId: article.id,
      articleNumber: article.number,
      designation: article.designation,
      ...verdict.line,
      capturedAt: new Date(input.capturedAt),
      clientUpdatedAt: at,
      deviceId: this.deviceId,
      deleted: false,
      version: this.bump(capture),
      updatedAt: new Date(),
    };
    this.stage(state);
    return this.applied(capture, state, conflict);
  }

  async deleteLine(module: CaptureModule, clientId: string, updatedAt: string | undefined): Promise<Outcome> {
    const capture = await this.capture(module);
    const existing = this.lines.get(clientId);
    // Deleting what the server never got reaches the state the user wants: nothing to do, nothing lost.
    if (!existing) return { status: 'applied', serverVersion: capture.version, missing: true };
    const elsewhere = this.elsewhere(existing, capture);
    if (elsewhere) return elsewhere;
    const at = updatedAt ? new Date(updatedAt) : new Date();
    const conflict = this.conflict(existing, at);
    if (conflict === 'superseded') return this.superseded(capture, existing);
    if (existing.deleted) return { status: 'applied', serverVersion: capture.version };
    const state: LineState = {
      ...existing,
      deleted: true,
      clientUpdatedAt: at,
      deviceId: this.deviceId,
      version: this.bump(capture),
      updatedAt: new Date(),
    };
    this.stage(state);
    return this.applied(capture, state, conflict);
  }

  async setHeader(module: CaptureModule, input: CaptureHeaderInput): Promise<Outcome> {
    const capture = await this.capture(module);
    const at = input.updatedAt ? new Date(input.updatedAt) : new Date();
    const otherDevice = capture.headerUpdatedAt !== null && capture.headerDeviceId !== this.deviceId;
    if (otherDevice && capture.headerUpdatedAt && capture.headerUpdatedAt > at) {
      return { status: 'applied', serverVersion: capture.version, note: CAPTURE_MSG.overwrittenByOtherDevice };
    }
    if (input.lager && !(await findWarehouse(this.trx, this.session, input.lager))) {
      return reject(CAPTURE_MSG.unknownWarehouse, 404, capture.version);
    }
    if (input.supplierId && !(await findSupplier(this.trx, this.session.firmaId, input.supplierId))) {
      return reject(CAPTURE_MSG.unknownSupplier, 404, capture.version);
    }
    // A field the change leaves out keeps its value; null clears it.
    const header = Object.fromEntries(
      CAPTURE_HEADER_FIELDS.map((f) => [f, input[f] === undefined ? capture.header[f] : input[f]]),
    ) as HeaderState;
    const version = this.bump(capture);
    await updateHeader(
      this.trx,
      capture.id,
      {
        datum: header.datum,
        lager: header.lager,
        belegdatum: header.belegdatum,
        supplier_id: header.supplierId,
        art: header.art,
        document_id: header.documentId,
        header_updated_at: at,
        header_device_id: this.deviceId,
      },
      version,
    );
    Object.assign(capture, { header, headerUpdatedAt: at, headerDeviceId: this.deviceId, versionDirty: false });
    return {
      status: 'applied',
      serverVersion: version,
      ...(otherDevice ? { note: CAPTURE_MSG.overwroteOtherDevice } : {}),
    };
  }

  /** Writes the staged lines first, so the document holds every change made before the export. */
  async export(module: CaptureModule, key: string, input: CaptureExportInput): Promise<CaptureExportResult> {
    await this.flush();
    const policy = policyFor(this.policies, module);
    const result = await exportCapture(this.trx, this.session, policy, key, input, this.config);
    // A replayed key names an earlier capture: the open one (if any) stays open then.
    if (this.captures.get(module)?.id === result.captureId) this.captures.delete(module);
    for (const line of this.lines.values()) {
      if (line.captureId === result.captureId) line.captureStatus = 'exported';
    }
    return result;
  }

  async flush() {
    const staged = [...this.pending.values()];
    this.pending.clear();
    const ids = await upsertLines(
      this.trx,
      staged.map((s) => lineRowFromState(s, this.session)),
    );
    for (const s of staged) s.id = ids.get(s.clientId) ?? s.id;
    for (const capture of this.captures.values()) {
      if (capture.versionDirty) await setVersion(this.trx, capture.id, capture.version);
      capture.versionDirty = false;
    }
  }

  private async capture(module: CaptureModule): Promise<CaptureState> {
    const known = this.captures.get(module);
    if (known) return known;
    const row = await lockOrCreateOpenCapture(this.trx, { ...this.session, module });
    const state = captureState(row);
    this.captures.set(module, state);
    return state;
  }

  /**
   * A capture that lacks the header its module needs takes what it lacks from the header the device showed with
   * the line: the user's other device exported the capture the line was made for, and the next capture starts
   * with that header (as it would have, had the line arrived first). A field the capture has is never changed here.
   */
  private async adoptShownHeader(module: CaptureModule, capture: CaptureState, shown: CaptureHeaderInput | undefined) {
    const policy = policyFor(this.policies, module);
    if (!shown || !policy.headerProblem?.(capture.header)) return;
    const missing = CAPTURE_HEADER_FIELDS.filter((f) => capture.header[f] === null && shown[f] != null);
    if (missing.length === 0) return;
    await this.setHeader(module, Object.fromEntries(missing.map((f) => [f, shown[f]])));
  }

  private elsewhere(line: LineState, capture: CaptureState): Outcome | undefined {
    if (line.captureId === capture.id) return undefined;
    const reason = line.captureStatus === 'exported' ? CAPTURE_MSG.lineExported : CAPTURE_MSG.lineOtherCapture;
    return reject(reason, 409, capture.version);
  }

  /** Last write wins by client time, between devices only (one device's changes arrive in its order). */
  private conflict(existing: LineState | undefined, at: Date): 'superseded' | 'overwrote' | undefined {
    if (!existing || existing.deviceId === this.deviceId) return undefined;
    return existing.clientUpdatedAt > at ? 'superseded' : 'overwrote';
  }

  private superseded(capture: CaptureState, current: LineState): Outcome {
    return {
      status: 'applied',
      serverVersion: capture.version,
      note: CAPTURE_MSG.overwrittenByOtherDevice,
      line: lineFromState(current),
    };
  }

  private applied(capture: CaptureState, state: LineState, conflict: 'superseded' | 'overwrote' | undefined): Outcome {
    return {
      status: 'applied',
      serverVersion: capture.version,
      ...(state.warnings.length > 0 ? { warnings: state.warnings } : {}),
      ...(conflict === 'overwrote' ? { note: CAPTURE_MSG.overwroteOtherDevice } : {}),
    };
  }

  private bump(capture: CaptureState) {
    capture.version += 1;
    capture.versionDirty = true;
    return capture.version;
  }

  private stage(state: LineState) {
    this.lines.set(state.clientId, state);
    this.pending.set(state.clientId, state);
  }
}

const captureState = (row: CaptureRow): CaptureState => ({
  id: row.id,
  version: row.version,
  versionDirty: false,
  header: {
    datum: row.datum,
    lager: row.lager,
    belegdatum: row.belegdatum,
    supplierId: row.supplier_id,
    art: row.art,
    documentId: row.document_id === null ? null : Number(row.document_id),
  },
  headerUpdatedAt: row.header_updated_at,
  headerDeviceId: row.header_device_id,
});
