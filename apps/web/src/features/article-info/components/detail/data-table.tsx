import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../state-views';

/** A small scrollable table; no rows shows 'Keine Daten'. */
export function DataTable({ head, rows, label }: { head: string[]; rows: ReactNode[][]; label: string }) {
  if (rows.length === 0) return <EmptyState />;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped fz="sm" aria-label={label} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are static per render and never reorder
            <Table.Tr key={i}>
              {cells.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cell position is its identity
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
