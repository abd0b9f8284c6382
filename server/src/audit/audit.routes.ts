import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActions, auditEntrySchema } from '#shared/schemas/misc';
import { listResponse } from '#shared/schemas/common';
import type { ListSpec } from '#shared/query';
import { ADMIN_ONLY } from '../http/access';
import { listQuerySchema, parseList, runList, type ListColumns } from '../http/list';
import { auditQuery, toAuditEntry } from './audit.repository';

export const auditListSpec: ListSpec = {
  filters: {
    entity: 'string',
    entityId: 'string',
    userId: 'string',
    action: { enum: auditActions },
    at: 'datetime',
  },
  sorts: ['at', 'entity'],
  defaultSort: '-at',
};

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
