import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serveAdminSocket } from './admin/admin-socket';
import type { Env } from './config/env';
import { type DatabaseHandle, openDatabase, runsInProcess } from './db/database';
import { migrate } from './db/migrate';
import { createMailer, type SendMail } from './lib/mailer';
import { articleInfoRoutes } from './modules/article-info/article-info.routes';
import { articlesRoutes } from './modules/articles/articles.routes';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionCookieName, sessionOfRequest } from './modules/auth/auth.service';
import { CAPTURE_POLICIES } from './modules/capture-modules';
import { captureRoutes } from './modules/captures/captures.routes';
import { deliveryNoteRoutes } from './modules/delivery-notes/delivery-notes.routes';
import { adminDeviceNameRoutes } from './modules/devices/device-name.routes';
import { adminDeviceRoutes, deviceReportRoutes } from './modules/devices/devices.routes';
import { erpDocumentRoutes } from './modules/erp-documents/erp-documents.routes';
import { giftCardRoutes } from './modules/gift-cards/gift-cards.routes';
import { adminIntegrationRoutes } from './modules/integration/admin-integration.routes';
import { registerApiKeyRequestLog } from './modules/integration/api-key-request-log';
import { apiKeyOfRequest } from './modules/integration/api-keys.service';
import { integrationRoutes } from './modules/integration/integration.routes';
import { BEARER_AUTH_SCHEME } from './modules/integration/integration-docs';
import {
  integrationComponents,
  integrationDocsTransform,
  integrationInfo,
  registerIntegrationApiVersion,
} from './modules/integration/integration-openapi';
import { integrationEventRoutes } from './modules/integration-events/integration-events.routes';
import { startWebhookWorker } from './modules/integration-events/webhook-setup';
import { moduleConfigRoutes } from './modules/module-config/module-config.routes';
import { adminModuleSettingsRoutes } from './modules/module-config/module-settings.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { oneSignalPageOrigins } from './modules/notifications/onesignal-page';
import { healthRoutes } from './modules/operations/health.routes';
import { registerMetrics } from './modules/operations/metrics-endpoint';
import { adminScope } from './modules/org/admin-scope';
import { adminStoresRoutes } from './modules/org/stores.routes';
import { passwordRoutes } from './modules/password/password.routes';
import { requestResetToken } from './modules/password/password.service';
import { receivingDocumentRoutes } from './modules/receiving-documents/receiving-documents.routes';
import { storageLocationRoutes } from './modules/storage-locations/storage-locations.routes';
import { adminUserRoutes } from './modules/user/admin-users.routes';
import { userRoutes } from './modules/user/user.routes';
import { loadUserContext } from './modules/user/user.service';
import { warehouseRoutes } from './modules/warehouses/warehouses.routes';
import { registerAuth } from './plugins/auth';
import { registerApiCompression } from './plugins/compression';
import { limitedServerFactory } from './plugins/connection-limits';
import { registerCors } from './plugins/cors';
import { registerErrorHandling } from './plugins/errors';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/framework-errors';
import { documentedErrorsTransform } from './plugins/openapi-errors';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { registerRequestActivity } from './plugins/request-activity';
import { type LogStream, loggerOptions, newRequestId, RequestLogController } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security';
import { registerStatic } from './plugins/static';
import { registerUnsafeInputGuard } from './plugins/unsafe-input';
import { seedDemoData } from './seed';
import { demoSignInMessage } from './seed/demo-sign-in';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    sendMail: SendMail;
    sessionCookieName: string;
    /** The clock a test holds (BuildOptions.clock), if any. */
    clock: (() => number) | undefined;
  }
}

export interface BuildOptions {
  env: Env;
  /** An open database (tests share one); otherwise opened from env and closed with the app. */
  database?: DatabaseHandle;
  seed?: boolean;
  logger?: boolean;
  /** Where the log lines go instead of standard output (tests read them). */
  logStream?: LogStream;
  /** The server process: on PGlite it answers `npm run admin` on a socket in DATA_DIR (admin-socket.ts). */
  adminSocket?: boolean;
  /**
   * The clock of the session limits (idle, absolute), the login throttle and the readiness probe's once-a-second
   * cache, in ms since the epoch; tests set their own. Unset, the session limits and the probe go by this
   * process's clock and the throttle by the database's.
   */
  clock?: () => number;
  /** How often an open notification stream sends its heartbeat and checks its session again (25 s). */
  streamHeartbeatMs?: number;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(env.LOG_LEVEL, options.logStream),
    logController: new RequestLogController(),
    genReqId: newRequestId,
    bodyLimit: 1_048_576,
    serverFactory: limitedServerFactory({
      requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      maxPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
      trustedProxies: env.TRUST_PROXY,
    }),
    // Long codes (GS1 strings, QR payloads) arrive as path parameters; zod bounds them with a German message.
    routerOptions: { maxParamLength: 2000 },
    frameworkErrors: frameworkErrorHandler(env.HTTPS),
    clientErrorHandler,
    // Only the proxies named (TRUST_PROXY): request.ip is then the client's address, otherwise the peer's.
    trustProxy: env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false,
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, log: app.log }));
  if (!options.database) app.addHook('onClose', () => database.close());
  await database.withStartupLock(async () => {
    await migrate(database);
    const seeded = options.seed && env.SEED_DEMO && (await seedDemoData(database.db, { articles: env.SEED_ARTICLES }));
    if (seeded) app.log.info(demoSignInMessage());
  });

  app.decorate('env', env);
  app.decorate('database', database);
  app.decorate('sendMail', createMailer(env, app.log));
  app.decorate('sessionCookieName', sessionCookieName(env));
  app.decorate('clock', options.clock);

  // On PGlite the import's transactions give way to the requests under way (db/request-activity.ts).
  if (runsInProcess(database.db)) registerRequestActivity(app, database.db);
  await app.register(cookie);
  // Before the auth plugin's route hooks: a preflight is answered, and an error carries the CORS headers.
  await registerCors(app, env.CORS_ORIGINS);
  const clock = options.clock ?? Date.now;
  registerAuth(app, (request) => sessionOfRequest(request, database, env, clock()), {
    resolve: (request) => apiKeyOfRequest(database.db, request),
    requestsPerMinute: env.INTEGRATION_REQUESTS_PER_MINUTE,
  });
  // After the auth plugin: the version header is set before its key check, so a refusal carries it too.
  registerIntegrationApiVersion(app);
  // Each answer of the integration API made with a known key goes to that key's request log (before the routes).
  registerApiKeyRequestLog(app);
  registerUnsafeInputGuard(app);
  // After the auth plugin: its onRoute hook puts the fixed headers before the route's session check.
  const securityHeaders = registerSecurityHeaders(app, env.HTTPS, env.CONNECT_ORIGINS, oneSignalPageOrigins(env));
  registerApiCompression(app);
  registerMetrics(app);
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(() => database.db) });
  await app.register(swagger, {
    openapi: {
      // The integration API's version (contracts' integration-api.ts); the app's own is 25.4.0-dev.7.
      info: integrationInfo('25.4.0-dev.7'),
      components: { securitySchemes: { bearerAuth: BEARER_AUTH_SCHEME }, schemas: integrationComponents() },
    },
    transform: integrationDocsTransform(documentedErrorsTransform),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // Before the routes: Fastify hands error handlers to child contexts when they are registered.
  const spa = await registerStatic(app, env.WEB_DIST ?? defaultWebDist);
  registerErrorHandling(app, { spa, securityHeaders });

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api/v1/auth', loadUserContext });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(passwordRoutes, { prefix: '/api' });
  await app.register(moduleConfigRoutes, { prefix: '/api/v1/config/modules' });
  await app.register(articlesRoutes, { prefix: '/api/v1/articles' });
  await app.register(articleInfoRoutes, { prefix: '/api/v1/articles' });
  await app.register(giftCardRoutes, { prefix: '/api/v1/coupon-card' });
  await app.register(warehouseRoutes, { prefix: '/api/v1/warehouses' });
  // The capture engine and its modules, listed in modules/capture-modules.ts (docs/conventions.md#capture-modules).
  await app.register(captureRoutes, { prefix: '/api/v1/captures', policies: CAPTURE_POLICIES });
  await app.register(storageLocationRoutes, { prefix: '/api/v1/storage-locations' });
  await app.register(notificationRoutes, {
    prefix: '/api/v1/notifications',
    clock,
    heartbeatMs: options.streamHeartbeatMs ?? 25_000,
  });
  await app.register(receivingDocumentRoutes, { prefix: '/api/v1' });
  await app.register(deliveryNoteRoutes, { prefix: '/api/v1/delivery-notes' });
  await app.register(adminStoresRoutes, { prefix: '/api/v1/admin/stores' });
  await app.register(adminModuleSettingsRoutes, { prefix: '/api/v1/admin/module-settings' });
  await app.register(deviceReportRoutes, { prefix: '/api/v1/devices' });
  await app.register(adminDeviceRoutes, { prefix: '/api/v1/admin/devices' });
  await app.register(adminDeviceNameRoutes, { prefix: '/api/v1/admin/devices' });
  await app.register(adminIntegrationRoutes, { prefix: '/api/v1/admin/integration' });
  await app.register(integrationRoutes, { prefix: '/api/integration/v1' });
  await app.register(auditLogRoutes, { prefix: '/api/v1/admin', adminScope });
  await app.register(adminUserRoutes, {
    prefix: '/api/v1/admin/users',
    requestReset: (db, user, address) => requestResetToken(db, app.env, app.sendMail, user, address),
  });
  if (options.adminSocket && database.kind === 'pglite' && !options.database) await serveAdminSocket(app, env.DATA_DIR);
  // The store's work out to the ERP: event feed and webhooks, and this instance's webhook deliveries.
  await app.register(integrationEventRoutes, { prefix: '/api/integration/v1' });
  await app.register(erpDocumentRoutes, { prefix: '/api/integration/v1' });
  startWebhookWorker(app);
  return app;
}
