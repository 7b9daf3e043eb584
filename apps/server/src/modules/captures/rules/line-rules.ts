import { CAPTURE_MSG, type CaptureLineInput, type CaptureLineValues, quantityProblem } from '@mde/contracts';
import type { CapturePolicy, HeaderState } from '../capture-policy';
import type { ArticleFacts } from './article-facts';
import { defaultUnit } from './default-unit';

export interface LineContext {
  policy: CapturePolicy;
  header: HeaderState;
  /** FELD_LAGERORT = 'eingeblendet' for the module (docs/spec.md §5). */
  showsStorageLocation: boolean;
}
/** The line's own values as the rules decided them (captureLineFields in contracts). */
export interface ValidLine extends CaptureLineValues {
  warnings: string[];
}
export type LineVerdict = { ok: true; line: ValidLine } | { ok: false; reason: string };

const refuse = (reason: string): LineVerdict => ({ ok: false, reason });

/** Whether a line may be stored, and how: the engine's rules, then the module's (docs/modules.md, one section per module). */
export function validateLine(
  input: CaptureLineInput,
  article: ArticleFacts | undefined,
  ctx: LineContext,
): LineVerdict {
  if (!article) return refuse(CAPTURE_MSG.unknownArticle);
  const { policy, header } = ctx;
  const headerProblem = policy.headerProblem?.(header);
  if (headerProblem) return refuse(headerProblem);

  const unit = input.unit ?? defaultUnit(policy.info, article);
  const factor = article.units.get(unit);
  if (factor === undefined) return refuse(CAPTURE_MSG.unknownUnit(unit));
  const quantityRefusal = quantityProblem(input.quantity, unit, policy.info);
  if (quantityRefusal) return refuse(quantityRefusal);
  if (!policy.info.hasReasons && input.reason) return refuse(CAPTURE_MSG.reasonNotAllowed);
  const batch = input.batch || null;
  const bestBefore = input.bestBefore ?? null;
  if (!policy.info.tracksBatch && (batch || bestBefore)) return refuse(CAPTURE_MSG.batchNotAllowed);

  const reason = input.reason ?? null;
  const check = policy.checkLine?.({ quantity: input.quantity, unit, factor, reason }, article, header) ?? {
    warnings: [],
  };
  if ('refuse' in check) return refuse(check.refuse);
  const warnings: string[] = [];
  const location = input.storageLocation ? input.storageLocation : null;
  if (location && !ctx.showsStorageLocation) warnings.push(CAPTURE_MSG.storageLocationHidden);
  warnings.push(...check.warnings);
  return {
    ok: true,
    line: {
      quantity: input.quantity,
      unit,
      factor,
      storageLocation: ctx.showsStorageLocation ? location : null,
      reason,
      batch,
      bestBefore,
      warnings,
    },
  };
}
