import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ComparisonRow, ComparisonStatus } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format';

const COLORS: Record<ComparisonStatus, string> = { ok: 'green', missing: 'red', surplus: 'orange', deviating: 'red' };

/**
 * The comparison with the document (docs/modules.md#warenverprobung): one block per article, the ones to act on
 * highlighted. Blocks rather than a table, so a 360 px phone shows every figure without cutting text.
 */
export function ComparisonList({ rows }: { rows: ComparisonRow[] }) {
  const { t } = useTranslation('goods-receipt-check');
  const open = rows.filter((r) => r.status !== 'ok').length;
  return (
    <Stack gap={6} data-testid="comparison">
      <Text size="sm" fw={600}>
        {open === 0 ? t('comparison.allMatch') : t('comparison.open', { count: open })}
      </Text>
      {rows.map((r) => (
        <Paper
          key={r.articleId}
          withBorder
          p="xs"
          bg={r.status === 'ok' ? undefined : `${COLORS[r.status]}.0`}
          data-testid="comparison-row"
          data-status={r.status}
          data-article={r.articleNumber}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {r.articleNumber} · {r.designation}
            </Text>
            <Badge color={COLORS[r.status]} style={{ flexShrink: 0 }}>
              {t(`comparison.status.${r.status}`)}
            </Badge>
          </Group>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {t('comparison.figures', {
              expected: formatQuantity(r.expected, r.unit),
              counted: formatQuantity(r.counted, r.unit),
              difference: formatQuantity(r.difference),
            })}
            {r.withinTolerance ? ` · ${t('comparison.withinTolerance')}` : ''}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
