import { type GiftCardBooking, type GiftCardBookingResult, IDEMPOTENCY_KEY_HEADER } from '@mde/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { bookingRetryDelay, shouldRetryBooking } from '../model/booking-retry';
import { giftCardEndpoints } from './endpoints';
import { giftCardKeys } from './keys';

export interface BookingRequest {
  body: GiftCardBooking;
  /** Created once per confirm and kept until a definitive answer: every retry sends the same key. */
  idempotencyKey: string;
}

export const postBooking = ({ body, idempotencyKey }: BookingRequest) =>
  apiFetch<GiftCardBookingResult>(giftCardEndpoints.booking, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export function useBookGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBooking,
    // TanStack retries with the same variables, i.e. with the same Idempotency-Key.
    retry: shouldRetryBooking,
    retryDelay: bookingRetryDelay,
    // Gift cards are online-only: a booking is never parked to be sent later.
    networkMode: 'always',
    onSettled: async (_data, _error, { body }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: giftCardKeys.card(body.type, body.code) }),
        queryClient.invalidateQueries({ queryKey: giftCardKeys.dailyBalances() }),
      ]);
    },
  });
}
