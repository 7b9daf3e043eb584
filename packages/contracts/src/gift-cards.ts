import { isoDateSchema } from './common';
import { MSG } from './messages';
import { z } from './zod';

/** German texts of the Gutscheinkarte module; the first three are docs/spec.md §8/§5 word for word. */
export const GIFT_CARD_MSG = {
  checkFailed: 'Prüfung fehlgeschlagen',
  invalidCode: 'Ungültiger Gutscheincode',
  wrongAmount: 'Falscher Betrag',
  redeemAboveBalance: 'Der Betrag übersteigt das Guthaben der Karte',
  chargeDone: 'Die Gutscheinkarte wurde aufgeladen',
  redeemDone: 'Der Betrag wurde von der Gutscheinkarte abgebucht',
  cardBlocked: 'Die Gutscheinkarte ist gesperrt',
  notChargeable: 'Dieser Kartentyp kann nicht aufgeladen werden',
  chargeOutOfRange: (min: string, max: string) => `Der Aufladebetrag muss zwischen ${min} und ${max} liegen`,
  cardLimit: (max: string) => `Das Guthaben einer Gutscheinkarte darf ${max} nicht übersteigen`,
  keyMissing: 'Der Header Idempotency-Key fehlt oder ist ungültig',
  keyInFlight: 'Diese Buchung wird gerade verarbeitet. Bitte versuchen Sie es gleich noch einmal',
  keyReused: 'Dieser Idempotency-Key wurde bereits für eine andere Buchung verwendet',
  offline: 'Gutscheinkarten können nur mit Verbindung zum Server geprüft und gebucht werden',
  amountNotPositive: 'Der Betrag muss größer als 0 sein',
  amountWholeCents: 'Der Betrag muss in ganzen Cent angegeben werden',
  amountTooLarge: 'Der Betrag ist zu groß',
  invalidCodeFormat: 'Der Gutscheincode darf nur Buchstaben, Ziffern und Bindestriche enthalten',
} as const;

/** Limits a card type gets unless its row says otherwise (5–500 EUR per charge, 1,000 EUR per card). */
export const GIFT_CARD_DEFAULT_LIMITS = { minCharge: 500, maxCharge: 50_000, maxBalance: 100_000 } as const;
/** The chargeable type every firma has (demo data). */
export const GIFT_CARD_TYPE_DEFAULT = 'GUTSCHEIN';
/** The day of the daily balance is the store's calendar day, not the UTC day. */
export const GIFT_CARD_TIME_ZONE = 'Europe/Berlin';
/** How many movements the existing screen shows. */
export const GIFT_CARD_LAST_MOVEMENTS = 10;
/** Balance checks per user and minute: card codes must not be guessable by trying. */
export const GIFT_CARD_CHECK_RATE = { max: 30, timeWindow: '1 minute' } as const;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

// A card is money: amounts are integer cents, never floats; anything above a sane bound is refused as input.
const AMOUNT_INPUT_MAX = 10_000_000;
export const amountCentsSchema = z
  .number({ error: MSG.invalidValue })
  .int({ error: GIFT_CARD_MSG.amountWholeCents })
  .positive({ error: GIFT_CARD_MSG.amountNotPositive })
  .max(AMOUNT_INPUT_MAX, { error: GIFT_CARD_MSG.amountTooLarge });

export const giftCardCodeSchema = z
  .string({ error: MSG.invalidValue })
  .trim()
  .toUpperCase()
  .min(1, { error: MSG.required })
  .max(64, { error: MSG.tooLong })
  .regex(/^[A-Z0-9][A-Z0-9-]*$/, { error: GIFT_CARD_MSG.invalidCodeFormat });
export const giftCardTypeSchema = z
  .string({ error: MSG.invalidValue })
  .trim()
  .toUpperCase()
  .min(1, { error: MSG.required })
  .max(30, { error: MSG.tooLong })
  .regex(/^[A-Z0-9_]+$/, { error: MSG.invalidValue });

export const GIFT_CARD_ACTIONS = ['CHARGE', 'REDEEM'] as const;
export const giftCardActionSchema = z.enum(GIFT_CARD_ACTIONS);
export type GiftCardAction = z.infer<typeof giftCardActionSchema>;

export const GIFT_CARD_STATUSES = ['ACTIVE', 'BLOCKED'] as const;
export const giftCardStatusSchema = z.enum(GIFT_CARD_STATUSES);
export type GiftCardStatus = z.infer<typeof giftCardStatusSchema>;

export const giftCardParamsSchema = z.strictObject({ type: giftCardTypeSchema, code: giftCardCodeSchema });

export const giftCardTypeInfoSchema = z.object({
  type: z.string(),
  name: z.string(),
  chargeable: z.boolean(),
  minCharge: z.number().int(),
  maxCharge: z.number().int(),
  maxBalance: z.number().int(),
});
export type GiftCardTypeInfo = z.infer<typeof giftCardTypeInfoSchema>;

export const giftCardMovementSchema = z.object({
  transactionId: z.number().int(),
  action: giftCardActionSchema,
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
  username: z.string(),
  vkforgId: z.number().int(),
});
export type GiftCardMovement = z.infer<typeof giftCardMovementSchema>;

/** docs/spec.md §3 gift card: code, type, balance (cents), status, and the last movements for the existing screen. */
export const giftCardSchema = z.object({
  code: z.string(),
  type: z.string(),
  balance: z.number().int(),
  status: giftCardStatusSchema,
  lastMovements: z.array(giftCardMovementSchema),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

export const giftCardBookingSchema = z.strictObject({
  type: giftCardTypeSchema,
  code: giftCardCodeSchema,
  action: giftCardActionSchema,
  amount: amountCentsSchema,
});
export type GiftCardBooking = z.infer<typeof giftCardBookingSchema>;

/** The answer to a charge or redeem; a retry with the same Idempotency-Key gets exactly this again. */
export const giftCardBookingResultSchema = z.object({
  code: z.string(),
  type: z.string(),
  action: giftCardActionSchema,
  amount: z.number().int(),
  balance: z.number().int(),
  transactionId: z.number().int(),
  createdAt: z.string(),
});
export type GiftCardBookingResult = z.infer<typeof giftCardBookingResultSchema>;

export const dailyBalanceQuerySchema = z.strictObject({ date: isoDateSchema.optional() });
export const dailyBalanceTransactionSchema = giftCardMovementSchema.extend({ code: z.string(), type: z.string() });
export const dailyBalanceSchema = z.object({
  date: z.string(),
  charged: z.number().int(),
  redeemed: z.number().int(),
  net: z.number().int(),
  transactions: z.array(dailyBalanceTransactionSchema),
});
export type DailyBalance = z.infer<typeof dailyBalanceSchema>;

/** 'YYYY-MM-DD' of the given instant in the store's time zone (the daily balance's day). */
export function giftCardBusinessDate(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: GIFT_CARD_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
