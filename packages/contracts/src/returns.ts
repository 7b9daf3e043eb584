import { type HeaderFacts, isChosenId, isIsoDate } from './capture-header';
import { defineCaptureModule } from './capture-module';

/** Retouren (docs/modules.md#retouren): document date and supplier first, a reason per line, the supplier check. */
export const returnsModule = defineCaptureModule({
  key: 'returns',
  configName: 'mde-retouren',
  permission: 'RETOUREN',
  documentPrefix: 'RE',
  allowsZero: false,
  startsInOrderUnit: false,
  asksEdi: false,
  headerFields: ['belegdatum', 'supplierId'],
  hasReasons: true,
  formNeedsServerArticle: true,
});

/** docs/modules.md#retouren: the reasons a line may carry, word for word. */
export const RETURN_REASONS = ['defekt', 'MHD abgelaufen', 'Falschlieferung', 'Überlieferung'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURNS_MSG = {
  headerMissing: 'Bitte geben Sie zuerst Belegdatum und Lieferant ein',
  reasonRequired: 'Bitte wählen Sie einen Rückgabegrund',
  supplierDoesNotDeliver: 'Der Lieferant liefert diesen Artikel nicht',
} as const;

/** A return goes to one supplier on one document date: no line and no export before both are chosen. */
export const returnsHeaderProblem = (header: HeaderFacts) =>
  isChosenId(header?.supplierId) && isIsoDate(header?.belegdatum) ? undefined : RETURNS_MSG.headerMissing;

/** docs/modules.md#retouren: returning an article to a supplier that does not deliver it is warned about. */
export const supplierDelivers = (supplierIds: Iterable<number>, supplierId: number) =>
  new Set(supplierIds).has(supplierId);
