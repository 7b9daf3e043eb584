import { auditLogFilterSchema, auditLogListQuerySchema, auditLogPageSchema } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { ADMIN_ACCESS } from '../../plugins/auth';
import { auditLogCsv, listAuditLog } from './audit-log.service';

const tags = ['administration'];

/**
 * The admin area's audit log, mounted at /api/v1/admin: read and export only. There is deliberately no route
 * that changes or deletes an entry (the table refuses both anyway; admin-routes.guard.test.ts checks it).
 */
/**
 * The firmas whose entries an admin may read. app.ts hands in the org module's rule, so the log (which every
 * module writes) imports none of the modules that write it.
 */
export interface AuditLogRouteOptions {
  adminScope(db: Db, request: FastifyRequest): Promise<{ firmaIds: number[] }>;
}

export const auditLogRoutes: FastifyPluginAsyncZod<AuditLogRouteOptions> = async (app, { adminScope }) => {
  const db = () => app.database.db;

  app.get(
    '/audit-log',
    {
      config: { access: ADMIN_ACCESS },
      schema: {
        tags,
        summary: 'Protokoll: Einträge, neueste zuerst, mit Filtern und Cursor',
        querystring: auditLogListQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => {
      const { firmaIds } = await adminScope(db(), request);
      return listAuditLog(db(), { firmaIds }, request.query);
    },
  );

  app.get(
    '/audit-log.csv',
    {
      config: { access: ADMIN_ACCESS },
      schema: { tags, summary: 'Protokoll als CSV (gleiche Filter)', querystring: auditLogFilterSchema },
    },
    async (request, reply) => {
      const { firmaIds } = await adminScope(db(), request);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="protokoll-${day}.csv"`)
        .send(auditLogCsv(db(), { firmaIds }, request.query));
    },
  );
};
