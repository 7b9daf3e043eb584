import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { GIFT_CARD_MSG, type GiftCardAction, type GiftCardBookingResult, type GiftCardTypeInfo } from '@mde/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { formatMoneyCents } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { feedback } from '../../../scanner';
import { useGiftCard } from '../api/gift-card';
import { checkAmount } from '../model/amount-entry';
import { type CardRef, withCard } from '../model/card-link';
import { failureNotice } from '../model/failure-notice';
import { AmountKeypad } from './amount-keypad';
import { BookingResult } from './booking-result';
import { CardSummary } from './card-summary';
import { ConfirmBookingDialog } from './confirm-booking-dialog';
import { FailureAlert } from './failure-alert';
import { OfflineNotice, useOnline } from './offline-notice';
import { useBookingFlow } from './use-booking-flow';
import { useCardRef } from './use-card-ref';

/** docs/spec.md §2 charge / redeem: amount keypad → confirm dialog → result with new balance and movement number. */
export function GiftCardBookingPage({ action }: { action: GiftCardAction }) {
  const { card, typeInfo, types } = useCardRef();
  if (!card) return <Navigate to={paths.giftCards.root} replace />;
  if (!typeInfo) return types.error ? <FailureAlert error={types.error} /> : <Loading />;
  // The server refuses a charge of such a type; the screen says so before anyone types an amount.
  if (action === 'CHARGE' && !typeInfo.chargeable) return <NotChargeable card={card} />;
  return <Booking key={`${action}:${card.type}:${card.code}`} action={action} card={card} typeInfo={typeInfo} />;
}

function NotChargeable({ card }: { card: CardRef }) {
  const { t } = useTranslation('gift-cards');
  usePageTitle(t('booking.chargeTitle'));
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      <Title order={2}>{t('booking.chargeTitle')}</Title>
      <Alert color="red" role="alert" title={GIFT_CARD_MSG.checkFailed}>
        {GIFT_CARD_MSG.notChargeable}
      </Alert>
      <Button variant="light" onClick={() => navigate(withCard(paths.giftCards.existing, card))}>
        {t('result.toCard')}
      </Button>
    </Stack>
  );
}

function Loading() {
  return (
    <Center py="lg">
      <Loader />
    </Center>
  );
}

function Booking({ action, card, typeInfo }: { action: GiftCardAction; card: CardRef; typeInfo: GiftCardTypeInfo }) {
  const { t } = useTranslation('gift-cards');
  const title = t(action === 'CHARGE' ? 'booking.chargeTitle' : 'booking.redeemTitle');
  usePageTitle(title);
  const navigate = useNavigate();
  const online = useOnline();
  const query = useGiftCard(card.type, card.code);
  const [cents, setCents] = useState(0);
  // After a refused amount or a cancelled confirmation the amount is corrected: the next key replaces it.
  const [replacing, setReplacing] = useState(false);
  const typeAmount = (next: number) => {
    setCents(next);
    setReplacing(false);
  };
  const [result, setResult] = useState<GiftCardBookingResult | null>(null);
  const flow = useBookingFlow({
    onBooked: (booked) => {
      feedback.ok();
      notifySuccess(booked.action === 'CHARGE' ? GIFT_CARD_MSG.chargeDone : GIFT_CARD_MSG.redeemDone);
      setResult(booked);
    },
    onRefused: (error) => {
      feedback.error();
      const notice = failureNotice(error, t('confirm.retrying'));
      notifyError(notice.message, { title: notice.title });
    },
  });
  // A charge of an unknown code of a chargeable type sells a new card.
  const isNewCard =
    action === 'CHARGE' && typeInfo.chargeable && query.error instanceof ApiError && query.error.status === 404;
  const balance = query.data?.balance ?? 0;

  if (result) {
    return (
      <BookingResult
        result={result}
        onCard={() => navigate(withCard(paths.giftCards.existing, result))}
        onNext={() => navigate(paths.giftCards.root)}
      />
    );
  }

  const canGoOn = online && cents !== 0 && query.data?.status !== 'BLOCKED';
  const next = () => {
    const problem = checkAmount(action, cents, balance, typeInfo, formatMoneyCents);
    if (problem) {
      feedback.error();
      notifyError(problem.message, { title: problem.subject });
      setReplacing(true);
      return;
    }
    flow.open({ type: card.type, code: card.code, action, amount: cents });
  };

  return (
    <Stack gap="sm">
      <Title order={2}>{title}</Title>
      <OfflineNotice />
      {query.isPending && <Loading />}
      {query.error && !isNewCard ? <FailureAlert error={query.error} /> : null}
      {(query.data || isNewCard) && (
        <>
          <CardSummary code={card.code} typeName={typeInfo.name} balance={balance} status={query.data?.status} />
          {isNewCard && <Text size="sm">{t('booking.newCard')}</Text>}
          {action === 'CHARGE' && (
            <Text size="xs" c="dimmed">
              {t('booking.chargeRange', {
                min: formatMoneyCents(typeInfo.minCharge),
                max: formatMoneyCents(typeInfo.maxCharge),
                maxBalance: formatMoneyCents(typeInfo.maxBalance),
              })}
            </Text>
          )}
          <AmountKeypad
            cents={cents}
            onChange={typeAmount}
            onEnter={canGoOn ? next : undefined}
            replacing={replacing}
          />
          <Button size="lg" onClick={next} disabled={!canGoOn}>
            {t('booking.next')}
          </Button>
        </>
      )}
      <ConfirmBookingDialog
        request={flow.request?.body ?? null}
        sending={flow.sending}
        retrying={flow.retrying}
        unresolved={flow.unresolved}
        online={online}
        onConfirm={flow.send}
        onClose={() => {
          flow.close();
          setReplacing(true);
        }}
      />
    </Stack>
  );
}
