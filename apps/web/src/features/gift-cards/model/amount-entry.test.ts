import { GIFT_CARD_MSG, GIFT_CARD_DEFAULT_LIMITS as LIMITS } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { type AmountKey, applyAmountKey, checkAmount } from './amount-entry';

const type = (keys: AmountKey[]) => keys.reduce((cents, key) => applyAmountKey(cents, key), 0);
const money = (c: number) => `${(c / 100).toFixed(2)} €`;

describe('applyAmountKey', () => {
  it('shifts digits in from the right like a till', () => {
    expect(type(['1', '2', '5', '0'])).toBe(1_250);
    expect(type(['2', '00'])).toBe(200);
    expect(type(['0', '0', '7'])).toBe(7);
  });
  it('removes the last digit and clears', () => {
    expect(type(['1', '2', '5', 'back'])).toBe(12);
    expect(type(['1', '2', 'clear'])).toBe(0);
    expect(type(['back'])).toBe(0);
  });
  it('replaces an amount shown for a correction with the next key', () => {
    expect(applyAmountKey(2_000, '1', true)).toBe(1);
    expect(applyAmountKey(2_000, '00', true)).toBe(0);
    expect(applyAmountKey(2_000, 'back', true)).toBe(0);
    expect(applyAmountKey(2_000, '1')).toBe(20_001);
  });
  it('ignores digits beyond seven places', () => {
    expect(type(['9', '9', '9', '9', '9', '9', '9', '9'])).toBe(9_999_999);
    expect(type(['1', '0', '0', '0', '0', '0', '00'])).toBe(100_000);
  });
});

describe('checkAmount', () => {
  it("refuses a redeem above the balance with the subject 'Falscher Betrag'", () => {
    expect(checkAmount('REDEEM', 5_001, 5_000, LIMITS, money)).toEqual({
      subject: GIFT_CARD_MSG.wrongAmount,
      message: `${GIFT_CARD_MSG.redeemAboveBalance} (50.00 €)`,
    });
    expect(checkAmount('REDEEM', 5_000, 5_000, LIMITS, money)).toBeNull();
  });
  it('refuses zero', () => {
    expect(checkAmount('REDEEM', 0, 5_000, LIMITS, money)?.message).toBe(GIFT_CARD_MSG.amountNotPositive);
  });
  it('keeps charges within 5–500 EUR and the card within 1,000 EUR', () => {
    expect(checkAmount('CHARGE', 499, 0, LIMITS, money)?.message).toBe(
      GIFT_CARD_MSG.chargeOutOfRange('5.00 €', '500.00 €'),
    );
    expect(checkAmount('CHARGE', 50_001, 0, LIMITS, money)?.message).toBe(
      GIFT_CARD_MSG.chargeOutOfRange('5.00 €', '500.00 €'),
    );
    expect(checkAmount('CHARGE', 500, 0, LIMITS, money)).toBeNull();
    expect(checkAmount('CHARGE', 50_000, 50_000, LIMITS, money)).toBeNull();
    expect(checkAmount('CHARGE', 500, 99_600, LIMITS, money)?.message).toBe(GIFT_CARD_MSG.cardLimit('1000.00 €'));
  });
});
