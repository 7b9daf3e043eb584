// docs/spec.md §7 coupon-card calls (without the /api base), in one place for every fetcher.
const base = '/v1/coupon-card';
const part = (v: string) => encodeURIComponent(v);

export const giftCardEndpoints = {
  types: `${base}/types`,
  card: (type: string, code: string) => `${base}/coupon-card/${part(type)}/${part(code)}`,
  booking: `${base}/coupon-card`,
  dailyBalance: (date: string) => `${base}/daily-balance?date=${part(date)}`,
} as const;
