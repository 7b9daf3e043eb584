// Query keys of the Gutscheinkarte module; a booking invalidates through these (docs/conventions.md#web).
export const giftCardKeys = {
  all: ['gift-cards'] as const,
  types: () => [...giftCardKeys.all, 'types'] as const,
  cards: () => [...giftCardKeys.all, 'card'] as const,
  card: (type: string, code: string) => [...giftCardKeys.cards(), type, code] as const,
  dailyBalances: () => [...giftCardKeys.all, 'daily-balance'] as const,
  dailyBalance: (date: string) => [...giftCardKeys.dailyBalances(), date] as const,
};
