import { CAPTURE_DOCUMENT_PREFIX, type CaptureModule } from '@mde/contracts';

/** Human-readable, per firma, module and year: 'BV-2026-000123'. */
export const formatDocumentNumber = (module: CaptureModule, year: number, sequence: number) =>
  `${CAPTURE_DOCUMENT_PREFIX[module]}-${year}-${String(sequence).padStart(6, '0')}`;
