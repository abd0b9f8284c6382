import { buildListQuery, type ListParams } from '#shared/query';
import { userSchema, type UserUpdate } from '#shared/schemas/auth';
import { listResponse } from '#shared/schemas/common';
import { request } from './http';

const usersResponse = listResponse(userSchema);

export const fetchUsers = (params: ListParams) =>
  request('get', `users?${buildListQuery(params)}`, { schema: usersResponse });

export const updateUser = (id: string, update: UserUpdate) =>
  request('put', `users/${encodeURIComponent(id)}`, { json: update });
