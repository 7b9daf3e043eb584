import type { CaptureHeaderField, CaptureModule, CaptureModuleInfo, DocumentResult, ModuleName } from '@mde/contracts';
import type { ComponentType } from 'react';
import type { CaptureHeaderRow, CaptureScope } from '../offline/captures/rows';

/** A header field as the screens show it: the supplier by name, the checked document with its kind (art). */
export type HeaderField = Exclude<CaptureHeaderField, 'supplierId' | 'documentId'> | 'supplier';

/** The fields a module declares in contracts, as the header step and the summary show them. */
export const shownHeaderFields = (fields: readonly CaptureHeaderField[]): HeaderField[] =>
  fields.flatMap((f): HeaderField[] => (f === 'supplierId' ? ['supplier'] : f === 'documentId' ? [] : [f]));

/** What a module tells the shared capture screens about itself (docs/modules.md, one section per module). */
export interface CaptureModuleDef {
  /** The module's own facts in contracts: key, config name, quantity rules, EDI question, reasons. */
  info: CaptureModuleInfo<CaptureModule>;
  /** Feature name, for the titles in shell.json. */
  name: ModuleName;
  paths: { root: string; articleSearch: string; articleCapture: (idartstamm: number) => string };
  /** The step where the header (Kopf) is entered, if the module has one. */
  headerPath?: string;
  headerFields: HeaderField[];
  /** Lines need a complete header first (Inventur, Retouren: the server refuses them otherwise). */
  needsHeader?: (header: CaptureHeaderRow | null) => boolean;
  /** Bestellvorschlag: the server's 'Vorschlag'. */
  proposal?: boolean;
  /** Bestellung: warn below the supplier's minimum order amount. */
  supplierMinimum?: boolean;
  /** Inventur: scan a storage location first, then its articles. */
  locationFirst?: boolean;
  /** The module's report of one exported document, shown with its number (none: the export has no report). */
  ResultView?: ComponentType<{ result: DocumentResult }>;
  /** Warenverprobung: a hook naming what the count misses of the document, asked before the export (null: nothing). */
  useExportWarning?: (scope: CaptureScope) => string | null;
}

export const headerIsMissing = (def: CaptureModuleDef, header: CaptureHeaderRow | null | undefined) =>
  def.needsHeader ? !def.needsHeader(header ?? null) : false;
