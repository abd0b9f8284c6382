/**
 * The sales list's state in the URL and the requests it stands for: the period (`period`), the
 * platform (`platform`), the search text (`q`), sort and page, as every list screen keeps them.
 * A search, as the order search does, asks for 50 a page and completed orders only.
 */
import { LIMITS, PLATFORMS, type Platform } from '#shared/constants';
import { otzSalesListSpec, salesListSpec } from '#shared/list-specs';
import type { ListParams } from '#shared/query';
import type { ListConfig, ListFilter } from '../../ui/list-screen/list-state';
import { DEFAULT_PERIOD, datesOfPeriodText } from './sales-period';

const ANY = '';

/** The period's days, in the business's time zone as of now. */
export const periodFilter = (zone: string, now?: () => Date): ListFilter => ({
  default: DEFAULT_PERIOD,
  toFilters: (text) => {
    const { from, to } = datesOfPeriodText(text, now?.(), zone);
    return { from, to };
  },
});

export const platformFilter: ListFilter = {
  choices: [ANY, ...PLATFORMS],
  default: ANY,
  toFilters: (platform) => ({ platformCode: platform || undefined }),
};

export const searchingIn = (params: URLSearchParams) => (params.get('q') ?? '').trim() !== '';

/** The list's configuration; `searching` (text in the URL) switches to the search's page size. */
export function salesListConfig(
  zone: string,
  searching: boolean,
  now?: () => Date,
): ListConfig<'period' | 'platform'> {
  return {
    spec: salesListSpec,
    searchParam: 'searchStr',
    pageSizes: [searching ? LIMITS.orderSearchSize : LIMITS.salesPageSize],
    filters: { period: periodFilter(zone, now), platform: platformFilter },
  };
}

/** OTZ sales: the period and the text (transaction id, customer), 25 a page. */
export function otzSalesListConfig(zone: string, now?: () => Date): ListConfig<'period'> {
  return {
    spec: otzSalesListSpec,
    searchParam: 'searchStr',
    pageSizes: [LIMITS.salesPageSize],
    filters: { period: periodFilter(zone, now) },
  };
}

/**
 * The request as sent: the period's days travel as `from` and `to` (plain `field=value`, as the
 * list codec writes them); a search narrows to completed orders, as the order search does.
 */
export function salesRequest(params: ListParams): ListParams {
  if (!params.extras?.searchStr) return params;
  return { ...params, filters: { ...params.filters, shipmentStatus: 'COMPLETED' } };
}

/** The report's period and platform (the summary, daily figures and CSV take these). */
export function reportQueryOf(params: ListParams): { from?: string; to?: string; platformCode?: Platform } {
  const filters = (params.filters ?? {}) as Record<string, unknown>;
  const platformCode = filters.platformCode as Platform | undefined;
  return {
    ...(typeof filters.from === 'string' && { from: filters.from }),
    ...(typeof filters.to === 'string' && { to: filters.to }),
    ...(platformCode && { platformCode }),
  };
}
