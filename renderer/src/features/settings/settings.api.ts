/** Calls of the settings screens (categories … exchange rates), one set for all six. */
import type { z } from 'zod';
import { buildListQuery, type ListParams } from '#shared/query';
import { listResponse } from '#shared/schemas/common';
import { request } from '../../api/http';
import type { SettingsRow } from './settings.resources';

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

/** PUT currency/rates/{date} {rate}: adds the date's rate, or replaces the one it has. */
export const putExchangeRate = ({ date, rate }: { date: string; rate: number }) =>
  request('put', `currency/rates/${encodeURIComponent(date)}`, { json: { rate } });
