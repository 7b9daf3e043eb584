import type { GiftCardBooking, GiftCardBookingResult } from '@mde/contracts';
import { useState } from 'react';
import { type BookingRequest, useBookGiftCard } from '../api/book-gift-card';
import { isDefinitiveFailure } from '../model/booking-retry';
import { newIdempotencyKey } from '../model/idempotency-key';

/**
 * The confirm step of docs/spec.md §4. The Idempotency-Key is made when the dialog opens and kept until the
 * server gave a definitive answer: automatic retries and the user's "send again" reuse it, so a lost
 * answer never books twice.
 */
export function useBookingFlow(handlers: {
  onBooked: (r: GiftCardBookingResult) => void;
  onRefused: (e: unknown) => void;
}) {
  const mutation = useBookGiftCard();
  const [request, setRequest] = useState<BookingRequest | null>(null);

  const open = (body: GiftCardBooking) => {
    mutation.reset();
    setRequest({ body, idempotencyKey: newIdempotencyKey() });
  };
  const send = () => {
    if (!request || mutation.isPending) return;
    mutation.mutate(request, {
      onSuccess: (result) => {
        setRequest(null);
        handlers.onBooked(result);
      },
      onError: (error) => {
        if (!isDefinitiveFailure(error)) return; // keep the key: the next try must be the same booking
        setRequest(null);
        handlers.onRefused(error);
      },
    });
  };
  const close = () => {
    if (mutation.isPending) return;
    setRequest(null);
    mutation.reset();
  };

  return {
    request,
    open,
    send,
    close,
    sending: mutation.isPending,
    retrying: mutation.isPending && mutation.failureCount > 0,
    /** No definitive answer after all retries: offer to send again with the same key. */
    unresolved: mutation.isError && request !== null ? mutation.error : null,
  };
}
