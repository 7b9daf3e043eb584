import { Badge, Card, Group, Text, UnstyledButton } from '@mantine/core';
import type { DocumentSummary } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** One document in a list of matches: number, supplier, date, status; a tap loads it. */
export function DocumentCard({ document, onOpen }: { document: DocumentSummary; onOpen: () => void }) {
  const { t } = useTranslation('goods-receipt-check');
  return (
    <UnstyledButton onClick={onOpen}>
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {document.number}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {document.status}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {document.supplierName}
        </Text>
        <Text size="xs" c="dimmed">
          {t('documents.meta', {
            date: formatDate(document.date),
            lines: document.lineCount,
            reference: document.referenceNumber ?? '–',
          })}
        </Text>
      </Card>
    </UnstyledButton>
  );
}
