import { Badge, Group, Stack, Text } from '@mantine/core';
import type { GiftCardMovement } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoneyCents } from '../../../lib/format';

/** Movements as rows: time, kind, signed amount, balance after, movement number (and card when given). */
export function MovementList({
  movements,
  emptyText,
}: {
  movements: (GiftCardMovement & { code?: string })[];
  emptyText: string;
}) {
  const { t } = useTranslation('gift-cards');
  if (movements.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {movements.map((m) => (
        <Group
          key={m.transactionId}
          component="li"
          justify="space-between"
          wrap="nowrap"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          data-testid="gift-card-movement"
        >
          <Stack gap={0}>
            <Group gap={6}>
              <Badge color={m.action === 'CHARGE' ? 'green' : 'blue'} variant="light">
                {t(`action.${m.action}`)}
              </Badge>
              {m.code && <Text size="sm">{m.code}</Text>}
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(m.createdAt)} · {t('daily.number')} {m.transactionId} · {m.username}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text fw={600} c={m.action === 'CHARGE' ? 'green.8' : undefined}>
              {m.action === 'CHARGE' ? '+' : '−'}
              {formatMoneyCents(m.amount)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatMoneyCents(m.balanceAfter)}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
