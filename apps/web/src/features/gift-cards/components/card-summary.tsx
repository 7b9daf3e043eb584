import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { GiftCardStatus } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoneyCents } from '../../../lib/format';

/** The card at a glance: code, type, balance in German money format, status. */
export function CardSummary(props: { code: string; typeName: string; balance: number; status?: GiftCardStatus }) {
  const { t } = useTranslation('gift-cards');
  return (
    <Card withBorder padding="sm" data-testid="gift-card-summary">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0}>
          <Text fw={600}>{props.code}</Text>
          <Text size="sm" c="dimmed">
            {props.typeName}
          </Text>
        </Stack>
        {props.status && (
          <Badge color={props.status === 'ACTIVE' ? 'green' : 'red'} aria-label={t('existing.status')}>
            {t(`status.${props.status}`)}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {t('existing.balance')}
      </Text>
      <Text fz={28} fw={700} data-testid="gift-card-balance">
        {formatMoneyCents(props.balance)}
      </Text>
    </Card>
  );
}
