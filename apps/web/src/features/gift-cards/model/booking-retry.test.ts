import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../../lib/api-client';
import { BOOKING_RETRIES, bookingRetryDelay, isDefinitiveFailure, shouldRetryBooking } from './booking-retry';

const api = (status: number) => new ApiError('x', status, 'X');

describe('booking retries', () => {
  it('retries (same key) when the answer may be lost or the key is still in flight', () => {
    for (const error of [
      networkError(),
      api(500),
      api(502),
      api(503),
      api(409),
      api(408),
      api(429),
      new TypeError('x'),
    ]) {
      expect(isDefinitiveFailure(error)).toBe(false);
      expect(shouldRetryBooking(0, error)).toBe(true);
    }
  });
  it('stops at a definitive refusal', () => {
    for (const status of [400, 401, 403, 404, 422]) {
      expect(isDefinitiveFailure(api(status))).toBe(true);
      expect(shouldRetryBooking(0, api(status))).toBe(false);
    }
  });
  it('gives up after a few tries and waits longer each time', () => {
    expect(shouldRetryBooking(BOOKING_RETRIES, networkError())).toBe(false);
    expect([0, 1, 2, 3, 4].map(bookingRetryDelay)).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
  });
});
