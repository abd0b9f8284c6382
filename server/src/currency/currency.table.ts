/**
 * INR→JPY exchange rates by date, created by migration 008_orders (`updated_at` by
 * 012_exchange_rates). Rates are integer micro-units (yen per rupee × 1,000,000).
 */

export interface ExchangeRateTable {
  /** YYYY-MM-DD: a rate is in effect from its date until the next dated one. */
  rate_date: string;
  inr_jpy_micro: number;
  created_at: string;
  /** When the date's rate was last set (012_exchange_rates). */
  updated_at: string;
}

export interface CurrencyTables {
  exchange_rates: ExchangeRateTable;
}
