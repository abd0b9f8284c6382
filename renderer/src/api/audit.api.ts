import { buildListQuery, type ListParams } from '#shared/query';
import { listResponse } from '#shared/schemas/common';
import { auditEntrySchema } from '#shared/schemas/misc';
import { request } from './http';

const auditResponse = listResponse(auditEntrySchema);

export const fetchAuditLogs = (params: ListParams) =>
  request('get', `audit-logs?${buildListQuery(params)}`, { schema: auditResponse });
