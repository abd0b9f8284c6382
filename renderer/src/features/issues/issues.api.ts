/** Calls of the product requests (the issues API). */
import { z } from 'zod';
import { buildListQuery, type ListParams } from '#shared/query';
import { listResponse } from '#shared/schemas/common';
import { issueSchema, type IssueInput } from '#shared/schemas/misc';
import { request } from '../../api/http';

const issuesResponse = listResponse(issueSchema);
const oneIssue = z.object({ data: issueSchema });

export const fetchIssues = (params: ListParams) =>
  request('get', `issues/?${buildListQuery(params)}`, { schema: issuesResponse });

export const createIssue = async (input: IssueInput) =>
  (await request('post', 'issues/', { json: input, schema: oneIssue })).data;

export const resolveIssue = async (id: string) =>
  (await request('put', `issues/${encodeURIComponent(id)}`, { json: { resolved: true }, schema: oneIssue }))
    .data;
