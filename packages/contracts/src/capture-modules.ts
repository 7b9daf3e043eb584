import { articleStockModule, reorderResultSchema } from './article-stock';
import type { HeaderFieldValues } from './capture-header';
import type { CaptureModuleInfo } from './capture-module';
import { goodsReceiptCheckModule, goodsReceiptCheckResultSchema } from './goods-receipt-check';
import { inventoryCountModule, inventoryResultSchema } from './inventory-count';
import { orderProposalModule } from './order-proposal';
import { orderingModule } from './ordering';
import { returnsModule } from './returns';
import { z } from './zod';

/** The capture engine's modules: one line per module (docs/modules.md#capture-engine). */
export const CAPTURE_MODULE_INFOS = [
  orderProposalModule,
  orderingModule,
  inventoryCountModule,
  returnsModule,
  articleStockModule,
  goodsReceiptCheckModule,
] as const;

export type CaptureModule = (typeof CAPTURE_MODULE_INFOS)[number]['key'];
export const CAPTURE_MODULES = CAPTURE_MODULE_INFOS.map((m) => m.key) as [CaptureModule, ...CaptureModule[]];
export const captureModuleSchema = z.enum(CAPTURE_MODULES, { error: 'Unbekanntes Erfassungsmodul' });

/** The engine's header fields: each field some module declares (a module's own headerFields), once. */
export type CaptureHeaderField = (typeof CAPTURE_MODULE_INFOS)[number]['headerFields'][number];
export const CAPTURE_HEADER_FIELDS: readonly CaptureHeaderField[] = [
  ...new Set(CAPTURE_MODULE_INFOS.flatMap((m): readonly CaptureHeaderField[] => m.headerFields)),
];
/** A capture's header as the engine keeps it: each of its fields, null until chosen. */
export type CaptureHeaderState = { [F in CaptureHeaderField]: HeaderFieldValues[F] | null };

const byKey = new Map<string, CaptureModuleInfo<CaptureModule>>(CAPTURE_MODULE_INFOS.map((m) => [m.key, m]));
export function captureModuleInfo(key: CaptureModule): CaptureModuleInfo<CaptureModule> {
  const info = byKey.get(key);
  if (!info) throw new Error(`Unknown capture module ${key}`);
  return info;
}

// Devices that queued changes before the modules were keyed by their glossary name still carry the
// docs/spec.md §2 route as key; their outbox must still reach the server, so the route reads as the module.
const byRoute = new Map<string, CaptureModule>(CAPTURE_MODULE_INFOS.map((m) => [m.configName, m.key]));
export const captureModuleFromLegacyKey = (key: string): CaptureModule | undefined =>
  byKey.has(key) ? (key as CaptureModule) : byRoute.get(key);

/** What an export computed besides its lines, by the module that computes it. */
export const documentResultSchema = z.discriminatedUnion('kind', [
  inventoryResultSchema,
  reorderResultSchema,
  goodsReceiptCheckResultSchema,
]);
export type DocumentResult = z.infer<typeof documentResultSchema>;
