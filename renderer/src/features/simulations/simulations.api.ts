/** Calls of the cost simulator: saved simulations, platform fee defaults, handling charges, today's rate. */
import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { RATE_DECIMALS } from '#shared/domain/money';
import type { SimulatorPlatform } from '#shared/domain/simulator';
import { buildListQuery, type ListParams } from '#shared/query';
import { handlingFeeSchema } from '#shared/schemas/catalog';
import { listResponse } from '#shared/schemas/common';
import {
  platformFeeSchema,
  simulationSchema,
  type PlatformFeeInput,
  type SimulationInput,
} from '#shared/schemas/simulation';
import { request } from '../../api/http';

const simulationsResponse = listResponse(simulationSchema);
const oneSimulation = z.object({ data: simulationSchema });

export const fetchSimulations = (params: ListParams) =>
  request('get', `simulation/?${buildListQuery(params)}`, { schema: simulationsResponse });

export const fetchSimulation = async (id: string) =>
  (await request('get', `simulation/${encodeURIComponent(id)}`, { schema: oneSimulation })).data;

export const createSimulation = async (input: SimulationInput) =>
  (await request('post', 'simulation/', { json: input, schema: oneSimulation })).data;

export const updateSimulation = async (id: string, input: SimulationInput) =>
  (await request('put', `simulation/${encodeURIComponent(id)}/`, { json: input, schema: oneSimulation }))
    .data;

export const fetchPlatformFees = async () =>
  (await request('get', 'platform-fees', { schema: z.object({ data: z.array(platformFeeSchema) }) })).data;

export const savePlatformFee = async (platform: SimulatorPlatform, input: PlatformFeeInput) =>
  (
    await request('put', `platform-fees/${platform}`, {
      json: input,
      schema: z.object({ data: platformFeeSchema }),
    })
  ).data;

/** Every handling charge of the settings, for the simulator's select. */
export const fetchHandlingFees = async () =>
  (
    await request(
      'get',
      `handling-fees?${buildListQuery({ page: 1, limit: LIMITS.lookupListLimit, sort: 'title' })}`,
      {
        schema: listResponse(handlingFeeSchema),
      },
    )
  ).data;

/** Today's INR→JPY rate as decimal text, and its date; null when there is none. */
export interface TodaysRate {
  rate: string;
  date: string | null;
}

/**
 * GET /currency: `{ date, from: 'INR', to: 'JPY', rate }` with `rate` a number or null. Read
 * leniently (an older server may answer another shape or nothing at all): anything but a
 * positive rate is "no rate", and the field stays empty for the user to type one. A rate with
 * more than 6 decimals is given to the nearest millionth, as rates are kept.
 */
export async function fetchTodaysRate(): Promise<TodaysRate | null> {
  const body = await request('get', 'currency', { schema: z.unknown() });
  return readTodaysRate(body);
}

export function readTodaysRate(body: unknown): TodaysRate | null {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const data = (record.data && typeof record.data === 'object' ? record.data : record) as Record<
    string,
    unknown
  >;
  const rate = data.rate;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > 2147) return null;
  const text = rate.toFixed(RATE_DECIMALS).replace(/\.?0+$/, '');
  if (text === '0') return null;
  return { rate: text, date: typeof data.date === 'string' ? data.date : null };
}
