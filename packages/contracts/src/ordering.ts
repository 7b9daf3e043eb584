import { type HeaderFacts, isIsoDate } from './capture-header';
import { defineCaptureModule } from './capture-module';

/** Bestellung (docs/modules.md#bestellung): delivery date first, order units, one order per main supplier. */
export const orderingModule = defineCaptureModule({
  key: 'ordering',
  configName: 'mde-bestellung',
  permission: 'BESTELLUNG',
  documentPrefix: 'BE',
  allowsZero: false,
  startsInOrderUnit: true,
  asksEdi: true,
  headerFields: ['datum'],
  hasReasons: false,
  formNeedsServerArticle: true,
});

export const ORDERING_MSG = {
  headerMissing: 'Bitte geben Sie zuerst den Liefertermin ein',
  noSupplier: 'Für diesen Artikel ist kein Hauptlieferant hinterlegt',
  belowSupplierMinimum: (min: string) => `Unter der Mindestbestellmenge des Lieferanten (${min})`,
} as const;

/**
 * An order needs its Liefertermin (datum): the server refuses to export one without it, and the device asks for
 * it before the first line (lines a device synced without one are still kept).
 */
export const orderingHeaderProblem = (header: HeaderFacts) =>
  isIsoDate(header?.datum) ? undefined : ORDERING_MSG.headerMissing;
