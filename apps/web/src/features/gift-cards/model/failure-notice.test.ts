import { GIFT_CARD_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { failureNotice } from './failure-notice';

describe('failureNotice', () => {
  it("titles errors 'Prüfung fehlgeschlagen' with the server's sentence (spec §8)", () => {
    const unknown = new ApiError(GIFT_CARD_MSG.invalidCode, 404, 'NOT_FOUND');
    expect(failureNotice(unknown, 'fallback')).toEqual({
      title: 'Prüfung fehlgeschlagen',
      message: 'Ungültiger Gutscheincode',
    });
    expect(failureNotice(new Error('boom'), 'fallback')).toEqual({
      title: 'Prüfung fehlgeschlagen',
      message: 'fallback',
    });
  });
  it("gives a redeem above the balance the subject 'Falscher Betrag' (spec §5)", () => {
    const error = new ApiError('Falscher Betrag', 422, 'WRONG_AMOUNT', { amount: 'zu viel' });
    expect(failureNotice(error, 'fallback')).toEqual({ title: 'Falscher Betrag', message: 'zu viel' });
  });
});
