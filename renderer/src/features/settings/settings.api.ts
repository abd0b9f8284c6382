/** Calls of the settings screen, one set for every list it shows (catalog lists, exchange rates). */
import type { z } from 'zod';
import { buildListQuery, type ListParams } from '#shared/query';
import { listResponse } from '#shared/schemas/common';
import { request } from '../../api/http';
import type { SettingsRow } from './settings-resource';

interface ApiResource<Row extends SettingsRow> {
  apiPath: string;
  rowSchema: z.ZodType<Row>;
}

export const fetchSettings = <Row extends SettingsRow>(resource: ApiResource<Row>, params: ListParams) =>
  request('get', `${resource.apiPath}/?${buildListQuery(params)}`, {
    schema: listResponse(resource.rowSchema),
  });

export const createSetting = (resource: ApiResource<SettingsRow>, body: unknown) =>
  request('post', `${resource.apiPath}/`, { json: body });

export const updateSetting = (resource: ApiResource<SettingsRow>, id: string, body: unknown) =>
  request('put', `${resource.apiPath}/${encodeURIComponent(id)}`, { json: body });
