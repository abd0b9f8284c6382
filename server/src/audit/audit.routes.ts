import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema } from '#shared/schemas/misc';
import { listResponse } from '#shared/schemas/common';
import { ADMIN_ONLY } from '../http/access';
import { listQuerySchema, parseList, runList, type ListColumns } from '../http/list';
import { auditQuery, toAuditEntry } from './audit.repository';
import { auditListSpec } from '#shared/list-specs';

const auditColumns: ListColumns = {
  columns: {
    entity: 'audit_log.entity',
    entityId: 'audit_log.entity_id',
    userId: 'audit_log.user_id',
    action: 'audit_log.action',
    at: 'audit_log.at',
  },
  tieBreaker: 'audit_log.id',
};

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-logs',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['audit'],
        querystring: listQuerySchema(auditListSpec),
        response: { 200: listResponse(auditEntrySchema) },
      },
    },
    async (request) =>
      runList(auditQuery(app.db), parseList(request.query, auditListSpec), auditColumns, toAuditEntry),
  );
};
