import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { GiftCardBooking } from '@mde/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoneyCents } from '../../../lib/format';
import { failureNotice } from '../model/failure-notice';

interface Props {
  request: GiftCardBooking | null;
  sending: boolean;
  retrying: boolean;
  unresolved: unknown;
  online: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** docs/spec.md §2 confirm dialogs for charge and redeem: the amount and the card, then book. */
export function ConfirmBookingDialog({ request, sending, retrying, unresolved, online, onConfirm, onClose }: Props) {
  const { t } = useTranslation('gift-cards');
  const kind = request?.action === 'REDEEM' ? 'redeem' : 'charge';
  const failure = unresolved ? failureNotice(unresolved, t('confirm.retrying')) : null;
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={t(`confirm.${kind}Title`)}
      centered
      withCloseButton={!sending}
    >
      {request && (
        <Stack gap="sm">
          <Text size="lg" data-testid="gift-card-confirm-question">
            {t(`confirm.${kind}Question`, { amount: formatMoneyCents(request.amount), code: request.code })}
          </Text>
          {retrying && (
            <Alert color="yellow" role="status">
              {t('confirm.retrying')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert" title={failure.title}>
              {failure.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={sending}>
              {t('confirm.cancel')}
            </Button>
            {/* The first focus: Enter books, as the question asks; the close button is not the default. */}
            <Button onClick={onConfirm} loading={sending} disabled={!online} data-autofocus>
              {failure ? t('confirm.retry') : t('confirm.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
