import { CAPTURE_LINE_FIELD_NAMES, type CaptureLineFieldName, type CaptureLineValues } from '@mde/contracts';

/** A line field's column: its name in snake case (storageLocation → storage_location). */
type ColumnOf<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${ColumnOf<T>}`
  : S;
type LineFieldColumn = ColumnOf<CaptureLineFieldName>;
const columnOf = <N extends CaptureLineFieldName>(name: N) =>
  name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as ColumnOf<N>;
/** The capture_line columns of the line's own fields (captureLineFields in contracts). */
export const LINE_FIELD_COLUMNS = CAPTURE_LINE_FIELD_NAMES.map(columnOf);

export const valuesFromRow = (row: Record<LineFieldColumn, unknown>): CaptureLineValues =>
  Object.fromEntries(CAPTURE_LINE_FIELD_NAMES.map((name) => [name, row[columnOf(name)]])) as CaptureLineValues;
export const rowFromValues = (values: CaptureLineValues) =>
  Object.fromEntries(CAPTURE_LINE_FIELD_NAMES.map((name) => [columnOf(name), values[name]])) as {
    [N in CaptureLineFieldName as ColumnOf<N>]: CaptureLineValues[N];
  };
