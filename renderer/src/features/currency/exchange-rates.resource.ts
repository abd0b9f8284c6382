import type { z } from 'zod';
import { exchangeRatesListSpec } from '#shared/list-specs';
import {
  exchangeRateEditSchema,
  exchangeRateFormSchema,
  exchangeRateSchema,
  type ExchangeRate,
  type ExchangeRateForm,
} from '#shared/schemas/currency';
import { editedColumn, type SettingsResource } from '../settings/settings-resource';
import { putExchangeRate } from './currency.api';
import { dateSearchFilters } from './date-search';

type ExchangeRateValues = { date: string; rate: string };

/**
 * INR→JPY rates by date: the date is the row's id and is set once (a new date is a new row);
 * the rate is edited in place. PUT currency/rates/{date} {rate} both adds and replaces, so
 * adding a date that already has a rate replaces it (the form's help says so).
 */
export const exchangeRateResource: SettingsResource<ExchangeRate, ExchangeRateValues, ExchangeRateForm> = {
  kind: 'exchangeRates',
  apiPath: 'currency/rates',
  rowSchema: exchangeRateSchema,
  searchField: 'date',
  searchFilters: (text, shown) => dateSearchFilters('date', text, shown),
  columns: [
    { field: 'date', format: 'day' },
    // The API's number is the rate's shortest exact text: 1.734512 reads "1.734512".
    editedColumn('rate', 'rate', 'decimal', (_row, draft) => ({ rate: draft })),
    { field: 'updatedAt', format: 'moment' },
  ],
  spec: exchangeRatesListSpec,
  updateSchema: exchangeRateEditSchema,
  form: {
    fields: [
      { name: 'date', kind: 'date' },
      { name: 'rate', kind: 'decimal', unit: 'rate' },
    ],
    defaults: { date: '', rate: '' },
    schema: exchangeRateFormSchema as z.ZodType<ExchangeRateForm, ExchangeRateValues>,
    help: true,
    create: putExchangeRate,
  },
  alsoChanges: ['orders'],
  adminOnly: true,
};
