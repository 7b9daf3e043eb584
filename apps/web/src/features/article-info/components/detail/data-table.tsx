import { Table, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../state-views';

/**
 * A small table; no rows shows 'Keine Daten'. Wider than a 360 px phone it scrolls sideways, and then says
 * so under the table: a column such as 'Nächste Lieferung' is never hidden without a hint. The scroll box
 * takes the keyboard focus, so it scrolls without a finger too.
 */
export function DataTable({ head, rows, label }: { head: string[]; rows: ReactNode[][]; label: string }) {
  const { t } = useTranslation('article-info');
  const hintId = useId();
  const box = useElementSize();
  const table = useElementSize();
  if (rows.length === 0) return <EmptyState />;
  const scrolls = table.width > box.width + 1;
  return (
    <div>
      <section
        ref={box.ref}
        aria-label={label}
        aria-describedby={scrolls ? hintId : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1)
        tabIndex={0}
        data-scroll-hint={hintId}
        style={{ overflowX: 'auto' }}
      >
        <Table
          ref={table.ref}
          striped
          fz="sm"
          aria-label={label}
          verticalSpacing={4}
          horizontalSpacing={6}
          w="max-content"
          miw="100%"
        >
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
      </section>
      {scrolls && (
        <Text id={hintId} size="xs" c="dimmed" ta="right" data-testid="scroll-hint">
          {t('scrollHint', { columns: head.slice(-1)[0] })}
        </Text>
      )}
    </div>
  );
}
