import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { GIFT_CARD_MSG, type GiftCardBookingResult } from '@mde/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoneyCents } from '../../../lib/format';

/** docs/spec.md §4 result: the new balance and the movement number of the booking. */
export function BookingResult({
  result,
  onCard,
  onNext,
}: {
  result: GiftCardBookingResult;
  onCard: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('gift-cards');
  const row = (label: string, value: string, testId: string) => (
    <Group justify="space-between">
      <Text c="dimmed">{label}</Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap="sm" data-testid="gift-card-result">
      <Title order={2}>{t('result.title')}</Title>
      <Alert color="green" icon={<IconCircleCheck size={20} />} role="status">
        {result.action === 'CHARGE' ? GIFT_CARD_MSG.chargeDone : GIFT_CARD_MSG.redeemDone}
      </Alert>
      <Card withBorder padding="sm">
        <Stack gap={6}>
          <Text fw={600}>{result.code}</Text>
          {row(t(`action.${result.action}`), formatMoneyCents(result.amount), 'gift-card-result-amount')}
          {row(t('result.newBalance'), formatMoneyCents(result.balance), 'gift-card-result-balance')}
          {row(t('result.transaction'), String(result.transactionId), 'gift-card-result-transaction')}
        </Stack>
      </Card>
      <Group grow>
        <Button size="md" variant="light" onClick={onCard}>
          {t('result.toCard')}
        </Button>
        <Button size="md" onClick={onNext}>
          {t('result.nextCard')}
        </Button>
      </Group>
    </Stack>
  );
}
