import type { ListParams } from '#shared/query';

/** Every TanStack Query key of the renderer, so invalidation never misses a spelling. */
export const queryKeys = {
  config: ['config'] as const,
  verify: ['auth', 'verify'] as const,
  me: ['auth', 'me'] as const,
  users: (params: ListParams) => ['users', params] as const,
  usersAll: ['users'] as const,
  auditLogs: (params: ListParams) => ['audit-logs', params] as const,
};
