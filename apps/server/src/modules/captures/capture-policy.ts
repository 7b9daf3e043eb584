import type {
  CaptureArticle,
  CaptureHeaderState,
  CaptureModule,
  CaptureModuleInfo,
  DocumentResult,
  ModuleConfig,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import type { CaptureRow, LineWithArticle } from './captures.repository';
import type { ArticleFacts } from './rules/article-facts';

export interface PolicySession {
  userId: number;
  firmaId: number;
  vkforgId: number;
}
/** Who writes captures: the session's user in its account, firma and vkforg. */
export interface WriterSession extends PolicySession {
  accountId: number;
}

/** A capture's header (Kopf, docs/spec.md §3) as the rules see it: the fields the modules declare in contracts. */
export type HeaderState = CaptureHeaderState;

/** One line as the engine is about to store it, for the module's own checks. */
export interface LineFacts {
  quantity: number;
  unit: string;
  factor: number;
  reason: string | null;
}
export type LineCheck = { refuse: string } | { warnings: string[] };

export interface PlannedDocument {
  supplierId: number | null;
  lines: LineWithArticle[];
  result: DocumentResult | null;
}
export interface ExportContext {
  trx: Db;
  firmaId: number;
  capture: CaptureRow;
  lines: LineWithArticle[];
  facts: Map<number, ArticleFacts>;
  /** The firma's module config (docs/spec.md §3), for rules a module takes from it. */
  config: ModuleConfig;
}

/**
 * What one capture module adds to the engine (docs/conventions.md#capture-modules): a plain object in
 * `modules/<module>/<module>.policy.ts`, handed to the engine by `modules/capture-modules.ts`. The engine calls it and holds no
 * branch on any module's key.
 */
export interface CapturePolicy {
  info: CaptureModuleInfo<CaptureModule>;
  /** Why no line may be captured yet under this header (docs/spec.md §5: the header comes first), if so. */
  headerProblem?: (header: HeaderState) => string | undefined;
  /** Why the capture may not be exported yet under this header, beyond headerProblem. */
  exportHeaderProblem?: (header: HeaderState) => string | undefined;
  /** The module's own rules for one line: a refusal, or warnings stored with the line. */
  checkLine?: (line: LineFacts, article: ArticleFacts, header: HeaderState) => LineCheck;
  /** The export's document(s); by default one document of all lines. */
  planDocuments?: (ctx: ExportContext) => Promise<PlannedDocument[]>;
  /** What the article capture screen shows besides the engine's facts. */
  articleExtras?: (db: Db, session: PolicySession, articleId: number) => Promise<Partial<CaptureArticle>>;
  /** Routes of the module's own, under /api/v1/captures/<key>, behind its permission. */
  routes?: FastifyPluginAsyncZod;
}

export type CapturePolicies = ReadonlyMap<CaptureModule, CapturePolicy>;

export const policyMap = (policies: readonly CapturePolicy[]): CapturePolicies =>
  new Map(policies.map((p) => [p.info.key, p]));

export function policyFor(policies: CapturePolicies, module: CaptureModule): CapturePolicy {
  const policy = policies.get(module);
  if (!policy) throw new Error(`No capture policy registered for ${module}`);
  return policy;
}
