/** Calls of the memo board. */
import { z } from 'zod';
import { buildListQuery, type ListParams } from '#shared/query';
import { listResponse } from '#shared/schemas/common';
import { memoSchema, type MemoInput } from '#shared/schemas/misc';
import { request } from '../../api/http';

const memosResponse = listResponse(memoSchema);
const oneMemo = z.object({ data: memoSchema });

export const fetchMemos = (params: ListParams) =>
  request('get', `memos?${buildListQuery(params)}`, { schema: memosResponse });

export const createMemo = async (input: MemoInput) =>
  (await request('post', 'memos', { json: input, schema: oneMemo })).data;

export const updateMemo = async (id: string, input: MemoInput) =>
  (await request('put', `memos/${encodeURIComponent(id)}`, { json: input, schema: oneMemo })).data;

export const deleteMemo = (id: string) => request('delete', `memos/${encodeURIComponent(id)}`);
