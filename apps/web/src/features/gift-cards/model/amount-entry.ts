import { GIFT_CARD_MSG, type GiftCardAction, type GiftCardTypeInfo } from '@mde/contracts';

/** Keypad keys of the amount entry: digits shift in from the right like on a till (1, 2, 5, 0 → 12,50 €). */
export type AmountKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '00' | 'back' | 'clear';

// Seven digits (99.999,99 €) are far above every card limit; more would only be typos.
const MAX_CENTS = 9_999_999;

/**
 * `replacing`: the amount is shown for a correction (the confirmation was cancelled, the amount refused) and is
 * replaced by the next key, as a selected field's text is: 20,00 € then 1, 5, 0, 0 is 15,00 €, never 20.001,50 €.
 */
export function applyAmountKey(cents: number, key: AmountKey, replacing = false): number {
  if (replacing) return key === 'back' || key === 'clear' ? 0 : applyAmountKey(0, key);
  if (key === 'clear') return 0;
  if (key === 'back') return Math.floor(cents / 10);
  const next = cents * (key === '00' ? 100 : 10) + (key === '00' ? 0 : Number(key));
  return next > MAX_CENTS ? cents : next;
}

export interface AmountProblem {
  /** Notification title: docs/spec.md §5 'Falscher Betrag' for a redeem above the balance. */
  subject: string;
  message: string;
}

/**
 * The same rules the server enforces, checked before the confirm dialog so the user learns early; the
 * server stays the judge (another device may have redeemed in between).
 */
export function checkAmount(
  action: GiftCardAction,
  cents: number,
  balance: number,
  limits: Pick<GiftCardTypeInfo, 'minCharge' | 'maxCharge' | 'maxBalance'>,
  money: (cents: number) => string,
): AmountProblem | null {
  if (cents <= 0) return { subject: GIFT_CARD_MSG.wrongAmount, message: GIFT_CARD_MSG.amountNotPositive };
  if (action === 'REDEEM') {
    return cents > balance
      ? { subject: GIFT_CARD_MSG.wrongAmount, message: `${GIFT_CARD_MSG.redeemAboveBalance} (${money(balance)})` }
      : null;
  }
  if (cents < limits.minCharge || cents > limits.maxCharge) {
    const message = GIFT_CARD_MSG.chargeOutOfRange(money(limits.minCharge), money(limits.maxCharge));
    return { subject: GIFT_CARD_MSG.wrongAmount, message };
  }
  if (balance + cents > limits.maxBalance) {
    return { subject: GIFT_CARD_MSG.wrongAmount, message: GIFT_CARD_MSG.cardLimit(money(limits.maxBalance)) };
  }
  return null;
}
