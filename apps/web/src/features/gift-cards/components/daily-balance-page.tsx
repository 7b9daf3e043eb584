import { Card, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { giftCardBusinessDate, isoDateSchema } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '../../../components/date-field';
import { usePageTitle } from '../../../components/use-page-title';
import { formatMoneyCents } from '../../../lib/format';
import { useDailyBalance } from '../api/daily-balance';
import { FailureAlert } from './failure-alert';
import { GiftCardNav } from './gift-card-nav';
import { MovementList } from './movement-list';
import { OfflineNotice } from './offline-notice';

/**
 * docs/modules.md#gutscheinkarte daily-balance: a day's movements of the vkforg with the sums. The day is the URL's `date`
 * (the day-close notification opens its day), today without one or with one that is no date.
 */
export function DailyBalancePage() {
  const { t } = useTranslation('gift-cards');
  usePageTitle(t('daily.title'));
  const [params, setParams] = useSearchParams();
  const asked = isoDateSchema.safeParse(params.get('date'));
  const date = asked.success ? asked.data : giftCardBusinessDate();
  const setDate = (iso: string) => setParams({ date: iso }, { replace: true });
  const query = useDailyBalance(date);
  const day = query.data;
  const sum = (label: string, cents: number, testId: string) => (
    <Card withBorder padding="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {formatMoneyCents(cents)}
      </Text>
    </Card>
  );
  return (
    <Stack gap="sm">
      <Title order={2}>{t('daily.title')}</Title>
      <GiftCardNav />
      <OfflineNotice />
      <DateField
        size="md"
        label={t('daily.date')}
        value={date}
        onChange={(iso) => {
          // an emptied date field keeps the last day rather than asking the server for nothing
          if (iso) setDate(iso);
        }}
      />
      {query.isPending && (
        <Center py="lg">
          <Loader />
        </Center>
      )}
      {query.error ? <FailureAlert error={query.error} /> : null}
      {day && (
        <>
          <SimpleGrid cols={3} spacing="xs">
            {sum(t('daily.charged'), day.charged, 'gift-card-daily-charged')}
            {sum(t('daily.redeemed'), day.redeemed, 'gift-card-daily-redeemed')}
            {sum(t('daily.net'), day.net, 'gift-card-daily-net')}
          </SimpleGrid>
          <Title order={4}>
            {t('daily.transactions')} ({day.transactions.length})
          </Title>
          <MovementList movements={[...day.transactions].reverse()} emptyText={t('daily.none')} />
        </>
      )}
    </Stack>
  );
}
