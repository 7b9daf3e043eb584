import { ActionIcon, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatQuantity } from '../../lib/format';
import type { CaptureLineRow } from '../../offline/captures/rows';

interface Props {
  /** The newest lines, as many as the list shows now. */
  lines: CaptureLineRow[];
  /** All lines of the capture; the rest are drawn on request. */
  total: number;
  onMore: () => void;
  showLocation: boolean;
  showReason: boolean;
  onEdit: (line: CaptureLineRow) => void;
  onDelete: (line: CaptureLineRow) => void;
}

/**
 * Lines drawn at first: a handheld shows about a dozen. Every scan redraws the rows below the new one, so the
 * list stays short while scanning and grows only when asked ('Weitere anzeigen').
 */
export const LINES_PAGE = 20;

/** The capture list (docs/spec.md §3): newest first, column 'Erfassungszeitpunkt'; tap edits, the bin deletes. */
export function CaptureLinesTable({ lines, total, onMore, showLocation, showReason, onEdit, onDelete }: Props) {
  const { t } = useTranslation('capture');
  return (
    <>
      <Table striped highlightOnHover horizontalSpacing={4} aria-label={t('list.column')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.column')}</Table.Th>
            <Table.Th>{t('article.quantity')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <LineRow
              key={line.clientId}
              line={line}
              showLocation={showLocation}
              showReason={showReason}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </Table.Tbody>
      </Table>
      {total > lines.length && (
        <Button variant="subtle" onClick={onMore}>
          {t('list.more', { count: total - lines.length })}
        </Button>
      )}
    </>
  );
}

type RowProps = Omit<Props, 'lines' | 'total' | 'onMore'> & { line: CaptureLineRow };

// Every save re-reads the list; a row redraws only when its own line changed.
const sameRow = (a: RowProps, b: RowProps) =>
  a.line.clientId === b.line.clientId &&
  a.line.updatedAt === b.line.updatedAt &&
  a.line.state === b.line.state &&
  a.line.note === b.line.note &&
  a.line.quantity === b.line.quantity &&
  a.line.warnings.join() === b.line.warnings.join() &&
  a.showLocation === b.showLocation &&
  a.showReason === b.showReason;

const LineRow = memo(function LineRow({ line, showLocation, showReason, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation('capture');
  return (
    <Table.Tr
      key={line.clientId}
      data-testid="capture-line"
      data-article={line.articleNumber}
      data-state={line.state}
      onClick={() => onEdit(line)}
      style={{ cursor: 'pointer' }}
    >
      <Table.Td>
        <Text size="xs" c="dimmed">
          {formatDateTime(line.capturedAt)}
        </Text>
        <Text size="sm" fw={500}>
          {line.articleNumber} · {line.designation}
        </Text>
        {showLocation && line.storageLocation && (
          <Text size="xs">
            {t('list.location')}: {line.storageLocation}
          </Text>
        )}
        {(line.batch || line.bestBefore) && (
          <Text size="xs" c="dimmed" data-testid="line-batch">
            {[
              line.batch && `${t('list.batch')}: ${line.batch}`,
              line.bestBefore && `${t('list.bestBefore')}: ${formatDate(line.bestBefore)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        {showReason && line.reason && (
          <Text size="xs">
            {t('list.reason')}: {line.reason}
          </Text>
        )}
        {line.warnings.map((w) => (
          <Text key={w} size="xs" c="orange">
            {w}
          </Text>
        ))}
        {line.note && (
          <Text size="xs" c={line.state === 'rejected' ? 'red' : 'blue'}>
            {line.note}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} data-testid="line-quantity">
          {formatQuantity(line.quantity, line.unit)}
        </Text>
        {line.state !== 'synced' && (
          <Badge size="xs" color={line.state === 'rejected' ? 'red' : 'orange'} variant="light">
            {line.state === 'rejected' ? t('list.rejectedLine') : t('list.pendingLine')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {/* Edit above delete: the row keeps to a 360 px screen next to a long article name and status. */}
        <Stack gap={4} onClick={(e) => e.stopPropagation()}>
          <ActionIcon variant="subtle" aria-label={t('list.edit')} onClick={() => onEdit(line)}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('list.delete')} onClick={() => onDelete(line)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}, sameRow);
