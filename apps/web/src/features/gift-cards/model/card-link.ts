import { giftCardParamsSchema } from '@mde/contracts';

export interface CardRef {
  type: string;
  code: string;
}

/** The card a screen works on travels in the URL (?type=…&code=…), so reload and back keep it. */
export const withCard = (path: string, card: CardRef) =>
  `${path}?${new URLSearchParams({ type: card.type, code: card.code })}`;

/** The card named by the URL, normalised like the server does; null when missing or malformed. */
export function readCard(params: URLSearchParams): CardRef | null {
  const parsed = giftCardParamsSchema.safeParse({ type: params.get('type') ?? '', code: params.get('code') ?? '' });
  return parsed.success ? parsed.data : null;
}
