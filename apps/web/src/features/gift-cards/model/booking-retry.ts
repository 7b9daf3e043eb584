import { ApiError } from '../../../lib/api-client';

/**
 * A confirm that got no definitive answer may have booked or not; it is sent again with the SAME
 * Idempotency-Key, so the server replays the first answer instead of booking twice.
 * Definitive: any 2xx, and every 4xx except 408 (timeout), 409 (same key still in flight) and 429.
 */
export function isDefinitiveFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0 || error.status >= 500) return false;
  return ![408, 409, 429].includes(error.status);
}

export const BOOKING_RETRIES = 4;

export const shouldRetryBooking = (failureCount: number, error: unknown) =>
  !isDefinitiveFailure(error) && failureCount < BOOKING_RETRIES;

/** 0.5 s, 1 s, 2 s, 4 s: long enough for a handheld to find the Wi-Fi again. */
export const bookingRetryDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 4_000);
