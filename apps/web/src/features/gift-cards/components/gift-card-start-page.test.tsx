// @vitest-environment jsdom
import { GIFT_CARD_TYPE_DEFAULT } from '@mde/contracts';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { renderScreen } from '../../../test/render-screen';
import { GiftCardStartPage } from './gift-card-start-page';

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
const TYPES = [
  {
    type: GIFT_CARD_TYPE_DEFAULT,
    name: 'Gutschein',
    chargeable: true,
    minCharge: 100,
    maxCharge: 50_000,
    maxBalance: 100_000,
  },
];
const CARD = {
  code: 'GC-1000-0001',
  type: GIFT_CARD_TYPE_DEFAULT,
  balance: 5_000,
  status: 'ACTIVE',
  lastMovements: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GiftCardStartPage', () => {
  it("a check still under way when the person goes on to sell the card does not pull them back to the card's balance", async () => {
    let answerCheck: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('/types')
          ? Promise.resolve(json(TYPES))
          : new Promise<Response>((resolve) => {
              answerCheck = resolve;
            }),
      ),
    );
    const { router } = renderScreen(null, {
      routes: [
        { path: paths.giftCards.root, element: <GiftCardStartPage /> },
        { path: paths.giftCards.charge, element: <p>Aufladen</p> },
        { path: paths.giftCards.existing, element: <p>Guthaben</p> },
      ],
      initialEntries: [paths.giftCards.root],
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Gutscheincode' }), 'GC-1000-0001');
    await user.click(await screen.findByRole('button', { name: 'Guthaben prüfen' }));
    await user.click(screen.getByRole('button', { name: 'Neue Karte aufladen' }));
    await waitFor(() => expect(router?.state.location.pathname).toBe(paths.giftCards.charge));

    await act(async () => answerCheck(json(CARD)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router?.state.location.pathname).toBe(paths.giftCards.charge);
  });
});
