import {
  dailyBalanceQuerySchema,
  dailyBalanceSchema,
  GIFT_CARD_MSG,
  giftCardBookingResultSchema,
  giftCardBookingSchema,
  giftCardParamsSchema,
  giftCardSchema,
  giftCardTypeInfoSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyHeadersSchema,
  idempotencyKeyPattern,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error';
import { requireAuth } from '../../plugins/auth';
import { startDayClose } from './gift-card-day-close';
import { book, revealsCard } from './gift-cards.booking';
import { countCardProbe } from './gift-cards.probe-limit';
import { getCard, getDailyBalance, listTypes } from './gift-cards.service';

const giftCardAccess = { access: { anyPermission: ['GUTSCHEINKARTE' as const] } };
// Client-generated (a UUID in our web app); bounded so a key cannot carry a payload of its own.

/** docs/spec.md §7 coupon-card calls; mounted at /api/v1/coupon-card. */
export const giftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  startDayClose(app);

  app.get(
    '/types',
    { config: giftCardAccess, schema: { tags: ['gift-cards'], response: { 200: z.array(giftCardTypeInfoSchema) } } },
    async (request) => listTypes(db(), requireAuth(request)),
  );

  app.get(
    '/coupon-card/:type/:code',
    {
      config: giftCardAccess,
      schema: { tags: ['gift-cards'], params: giftCardParamsSchema, response: { 200: giftCardSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await countCardProbe(db(), auth.userId);
      return getCard(db(), auth, request.params);
    },
  );

  app.post(
    '/coupon-card',
    {
      config: giftCardAccess,
      schema: {
        tags: ['gift-cards'],
        body: giftCardBookingSchema,
        headers: idempotencyHeadersSchema,
        response: { 200: giftCardBookingResultSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) {
        throw badRequest(GIFT_CARD_MSG.keyMissing, { [IDEMPOTENCY_KEY_HEADER]: GIFT_CARD_MSG.keyMissing });
      }
      const auth = requireAuth(request);
      const outcome = await book(db(), auth, key, request.body).catch(async (error: unknown) => {
        // A refusal that tells something of the card counts like a balance check; counted before it is
        // sent, so a burst of refusals beyond the limit gets 429s, whatever the bookings found.
        if (revealsCard(error)) await countCardProbe(db(), auth.userId);
        throw error;
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.result;
    },
  );

  app.get(
    '/daily-balance',
    {
      config: giftCardAccess,
      schema: { tags: ['gift-cards'], querystring: dailyBalanceQuerySchema, response: { 200: dailyBalanceSchema } },
    },
    async (request) => getDailyBalance(db(), requireAuth(request), request.query.date),
  );
};
