import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ReportRow {
  key: number;
  label: string;
  cells: string[];
  /** Colour of the last cell (a difference). */
  lastColor?: string;
}

/**
 * One report of an export, the table each module's result view fills (the Inventur differences, the
 * Warenverprobung comparison, the Artikelvorrat reorder quantities). Its title is the caption and the cells are
 * compact, so four columns fit a 360 px screen inside the export's message.
 */
export function ReportTable({
  title,
  testId,
  headers,
  rows,
}: {
  title: string;
  testId: string;
  headers: string[];
  rows: ReportRow[];
}) {
  const { t } = useTranslation('capture');
  return (
    <Table aria-label={title} data-testid={testId} fz="xs" horizontalSpacing={4} captionSide="top">
      <Table.Caption ta="left" fw={500} fz="sm">
        {title}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {[t('export.article'), ...headers].map((h) => (
            <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            {/* The long article text breaks anywhere, so the number columns keep their width and are read whole. */}
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.label}</Table.Td>
            {r.cells.map((c, i) => (
              <Table.Td
                key={headers[i]}
                c={i === r.cells.length - 1 ? r.lastColor : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {c}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
