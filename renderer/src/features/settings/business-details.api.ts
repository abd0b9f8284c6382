/** The business details (the exporter of the customs papers): staff read, admins save. */
import { z } from 'zod';
import { businessDetailsSchema, type BusinessDetailsInput } from '#shared/schemas/shipment-documents';
import { request } from '../../api/http';

const one = z.object({ data: businessDetailsSchema });

export const fetchBusinessDetails = async () =>
  (await request('get', 'business-details', { schema: one })).data;

export const saveBusinessDetails = async (input: BusinessDetailsInput) =>
  (await request('put', 'business-details', { json: input, schema: one })).data;
