/** Calls of the pick list: its grouping for the screen, and the same as a PDF to save. */
import { z } from 'zod';
import { pickListSchema } from '#shared/schemas/labels';
import { request } from '../../api/http';

/**
 * The most orders the screens put on one pick list by id. The ids travel in the address, and
 * the server takes 16 KiB of request line and headers: 300 ids of 36 characters leave room
 * for the rest. The whole accepted queue needs no ids.
 */
export const PICK_LIST_MAX_SELECTED = 300;

const pickListResponse = z.object({ data: pickListSchema });

const idsQuery = (orderIds: readonly string[] | null) =>
  orderIds ? `orderIds=${orderIds.map(encodeURIComponent).join(',')}` : '';

/** `null`: every accepted order. */
export const fetchPickList = (orderIds: readonly string[] | null) =>
  request('get', `pick-list?${idsQuery(orderIds)}`, { schema: pickListResponse });

export const pickListPdfPath = (orderIds: readonly string[] | null, lang: string) =>
  `pick-list.pdf?${[idsQuery(orderIds), `lang=${lang === 'ja' ? 'ja' : 'en'}`].filter(Boolean).join('&')}`;

/** The screen's address: the ids in `orders`, none for the whole queue. */
export const pickListScreenPath = (orderIds: readonly string[] | null) =>
  orderIds ? `/pick-list?orders=${orderIds.map(encodeURIComponent).join(',')}` : '/pick-list';
