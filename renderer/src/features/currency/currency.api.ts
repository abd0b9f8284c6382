/** Calls of the currency screens. */
import { request } from '../../api/http';

/** PUT currency/rates/{date} {rate}: adds the date's rate, or replaces the one it has. */
export const putExchangeRate = ({ date, rate }: { date: string; rate: number }) =>
  request('put', `currency/rates/${encodeURIComponent(date)}`, { json: { rate } });
