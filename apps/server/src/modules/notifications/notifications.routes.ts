import fastifySse from '@fastify/sse';
import {
  idParamSchema,
  markAllReadResultSchema,
  markAllReadSchema,
  NOTIFICATION_MSG,
  NOTIFICATION_STREAM_EVENTS,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
  pushConfigSchema,
  pushDeviceParamsSchema,
  pushSubscriptionSchema,
  unreadCountSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/auth';
import { readSessionCookie, sessionStillOpen } from '../auth/auth.service';
import { NotificationStreams } from './notification-stream';
import * as notifications from './notifications.service';
import * as push from './push.service';
import { startPush } from './push-setup';

// Every logged-in user has notifications; each reads and changes only their own.
const ownerAccess = { access: { authenticated: true as const } };
const tags = ['notifications'];

export interface NotificationRouteOptions {
  /** The clock the stream's session checks go by (the session limits'), in ms since the epoch. */
  clock: () => number;
  /** How often a stream sends its heartbeat and asks whether its session is still open. */
  heartbeatMs: number;
}

/** Notifications page, bell and push subscriptions; mounted at /api/v1/notifications. */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRouteOptions> = async (app, options) => {
  const db = () => app.database.db;
  const pushSetup = await startPush(app);
  // The streams send their heartbeat themselves, together with the check of their session (notification-stream.ts).
  await app.register(fastifySse, { heartbeatInterval: 0 });
  const streams = new NotificationStreams(db(), app.database.notifications, app.log, options.heartbeatMs);
  app.addHook('onClose', async () => streams.stop());

  app.get(
    '/',
    {
      config: ownerAccess,
      schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } },
    },
    async (request) => notifications.listNotifications(db(), requireAuth(request).userId, request.query),
  );

  app.get(
    '/unread-count',
    { config: ownerAccess, schema: { tags, response: { 200: unreadCountSchema } } },
    async (request) => notifications.unreadCount(db(), requireAuth(request).userId),
  );

  // The open app's bell and toasts, live: a new notification reaches it when its transaction commits, on
  // whichever instance that was. The app keeps its slow poll only for when the stream is down.
  app.get('/stream', { config: ownerAccess, sse: true, schema: { tags } }, async (request, reply) => {
    const { userId } = requireAuth(request);
    // The session check before the route found this cookie's session open.
    const token = readSessionCookie(request, app.env) ?? '';
    // The SSE plugin hands a request that does not accept an event stream to this handler without a stream.
    if (!(reply as { sse?: unknown }).sse) throw new AppError(406, 'NOT_ACCEPTABLE', NOTIFICATION_MSG.streamOnly);
    // A proxy in front (nginx) passes each event on at once instead of buffering the answer.
    reply.header('x-accel-buffering', 'no');
    reply.sse.keepAlive();
    const sendCount = async () => {
      const { unread } = await notifications.unreadCount(db(), userId);
      if (reply.sse.isConnected) await reply.sse.send({ event: NOTIFICATION_STREAM_EVENTS.unread, data: { unread } });
    };
    const off = streams.subscribe(userId, {
      tell: (event) => {
        if (!reply.sse.isConnected) return;
        const sent =
          event === 'refresh'
            ? sendCount()
            : reply.sse.send({
                event: NOTIFICATION_STREAM_EVENTS.notification,
                id: String(event.notification.id),
                data: event,
              });
        sent.catch(() => undefined);
      },
      sessionOpen: () => sessionStillOpen(db(), token, app.env, options.clock()),
      beat: () => {
        if (!reply.sse.isConnected) return;
        reply.sse.sendHeaders();
        reply.raw.write(': heartbeat\n\n');
      },
      end: () => reply.sse.close(),
    });
    reply.sse.onClose(off);
    await sendCount();
  });

  app.post(
    '/:id/read',
    { config: ownerAccess, schema: { tags, params: idParamSchema, response: { 200: notificationSchema } } },
    async (request) => notifications.markRead(db(), requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/read-all',
    { config: ownerAccess, schema: { tags, body: markAllReadSchema, response: { 200: markAllReadResultSchema } } },
    async (request) => notifications.markAllRead(db(), requireAuth(request).userId, request.body.upToId),
  );

  app.delete(
    '/:id',
    { config: ownerAccess, schema: { tags, params: idParamSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await notifications.deleteNotification(db(), requireAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/push/config',
    { config: ownerAccess, schema: { tags, response: { 200: pushConfigSchema } } },
    async () => pushSetup.config,
  );

  app.put(
    '/push/subscriptions',
    { config: ownerAccess, schema: { tags, body: pushSubscriptionSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await push.saveSubscription(
        db(),
        requireAuth(request).userId,
        request.body,
        app.env.PUSH_ALLOW_PRIVATE_ENDPOINTS,
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions/:deviceId',
    { config: ownerAccess, schema: { tags, params: pushDeviceParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await push.removeSubscription(db(), requireAuth(request).userId, request.params.deviceId);
      return reply.status(204).send(null);
    },
  );
};
