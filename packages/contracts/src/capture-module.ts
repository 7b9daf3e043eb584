import type { HeaderField } from './capture-header';
import type { Permission } from './permissions';

/**
 * What the capture engine and both sides' shared rules know of one capture module
 * (docs/conventions.md#capture-modules); each module declares its own in `<module>.ts` and `capture-modules.ts` lists them.
 */
export interface CaptureModuleInfo<
  K extends string = string,
  F extends readonly HeaderField[] = readonly HeaderField[],
> {
  /** The glossary's module name: the API path, the database key, the device's key. */
  key: K;
  /** The module's name in the module config (docs/spec.md §3), which is its docs/spec.md §2 route. */
  configName: string;
  /** docs/spec.md §6 permission for every call of the module. */
  permission: Permission;
  /** Prefix of the human-readable document number, e.g. 'BV-2026-000123'. */
  documentPrefix: string;
  /** A count or a stock on hand of 0 is a real figure; an order or a return of 0 is not. */
  allowsZero: boolean;
  /** New lines start in the main supplier's order unit (orders), else in the base unit. */
  startsInOrderUnit: boolean;
  /** docs/spec.md §5 BESTELLUNGEN_EDI: the export may ask whether to transmit by EDI. */
  asksEdi: boolean;
  /**
   * The header (Kopf, docs/spec.md §3) fields the module uses, none if it has no header; the engine's header
   * holds the fields its modules name here, and `<module>HeaderProblem` says when they are complete.
   */
  headerFields: F;
  /** Lines carry a reason (Retouren). */
  hasReasons: boolean;
  /** Lines carry a batch and best-before date (Inventur, Warenverprobung: a store counts per batch). */
  tracksBatch?: true;
  /**
   * The capture form needs the server's facts of the article (order unit, supplier terms, proposal, the
   * suppliers that deliver it) and waits for them a moment; without, it opens at once with the device's copy.
   */
  formNeedsServerArticle: boolean;
}

export const defineCaptureModule = <const K extends string, const F extends readonly HeaderField[]>(
  info: CaptureModuleInfo<K, F>,
) => info;
