import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { GIFT_CARD_MSG } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../lib/paths';
import { useGiftCard } from '../api/gift-card';
import { withCard } from '../model/card-link';
import { CardSummary } from './card-summary';
import { FailureAlert } from './failure-alert';
import { GiftCardNav } from './gift-card-nav';
import { MovementList } from './movement-list';
import { OfflineNotice, useOnline } from './offline-notice';
import { useCardRef } from './use-card-ref';

/** docs/spec.md §2 existing: balance, status and the last movements, with the way on to charge or redeem. */
export function GiftCardExistingPage() {
  const { card } = useCardRef();
  if (!card) return <Navigate to={paths.giftCards.root} replace />;
  return <ExistingCard type={card.type} code={card.code} />;
}

function ExistingCard({ type, code }: { type: string; code: string }) {
  const { t } = useTranslation('gift-cards');
  usePageTitle(t('existing.title'));
  const navigate = useNavigate();
  const online = useOnline();
  const { typeInfo } = useCardRef();
  const query = useGiftCard(type, code);
  const data = query.data;
  const active = data?.status === 'ACTIVE';

  return (
    <Stack gap="sm">
      <Title order={2}>{t('title')}</Title>
      <GiftCardNav />
      <OfflineNotice />
      {query.isPending && (
        <Center py="lg">
          <Loader />
        </Center>
      )}
      {query.error ? <FailureAlert error={query.error} /> : null}
      {data && (
        <>
          <CardSummary
            code={data.code}
            typeName={typeInfo?.name ?? data.type}
            balance={data.balance}
            status={data.status}
          />
          {!active && (
            <Alert color="red" role="alert" title={t('existing.blockedTitle')} data-testid="gift-card-blocked">
              {GIFT_CARD_MSG.cardBlocked}
            </Alert>
          )}
          <Group grow>
            {typeInfo?.chargeable && (
              <Button
                size="md"
                disabled={!online || !active}
                onClick={() => navigate(withCard(paths.giftCards.charge, data))}
              >
                {t('existing.charge')}
              </Button>
            )}
            <Button
              size="md"
              disabled={!online || !active || data.balance === 0}
              onClick={() => navigate(withCard(paths.giftCards.redeem, data))}
            >
              {t('existing.redeem')}
            </Button>
          </Group>
          <Title order={4}>{t('existing.lastMovements')}</Title>
          <MovementList movements={data.lastMovements} emptyText={t('existing.noMovements')} />
        </>
      )}
      <Button variant="subtle" onClick={() => navigate(paths.giftCards.root)}>
        {t('existing.otherCard')}
      </Button>
    </Stack>
  );
}
