/** Human-readable, per firma, module and year: 'BV-2026-000123'. */
export const formatDocumentNumber = (prefix: string, year: number, sequence: number) =>
  `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
