import { GIFT_CARD_MSG } from '@mde/contracts';
import { ApiError } from '../../../lib/api-client';

export interface FailureNotice {
  title: string;
  message: string;
}

/**
 * docs/spec.md §8: gift-card errors are titled 'Prüfung fehlgeschlagen' with the server's German sentence
 * (e.g. 'Ungültiger Gutscheincode'); a redeem above the balance has the subject 'Falscher Betrag' (docs/spec.md §5).
 */
export function failureNotice(error: unknown, fallback: string): FailureNotice {
  if (error instanceof ApiError && error.code === 'WRONG_AMOUNT') {
    return { title: GIFT_CARD_MSG.wrongAmount, message: error.fields.amount ?? error.message };
  }
  const message = error instanceof ApiError ? error.message : fallback;
  return { title: GIFT_CARD_MSG.checkFailed, message };
}
