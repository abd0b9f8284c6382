/**
 * A user's saved screen preferences (the columns a list shows, the date format). They are read
 * all at once: a key not among them is unset and the screen's defaults apply, with no request
 * per key (each unset one answered 404) on every screen.
 */
import { z } from 'zod';
import { userPreferenceSchema } from '#shared/schemas/misc';
import { request } from './http';

const preferenceResponse = z.object({ data: userPreferenceSchema });
const preferencesResponse = z.object({ data: z.array(userPreferenceSchema) });

export type Preferences = Readonly<Record<string, Record<string, unknown>>>;

/** Every preference the user saved, by id. */
export const fetchPreferences = (): Promise<Preferences> =>
  request('get', 'user-preferences', { schema: preferencesResponse }).then((r) =>
    Object.fromEntries(r.data.map((p) => [p._id, p.value])),
  );

export const savePreference = (id: string, value: Record<string, unknown>) =>
  request('post', 'user-preferences', { json: { _id: id, value }, schema: preferenceResponse });
