/** A user's saved screen preferences (the columns a list shows, and the like). */
import { z } from 'zod';
import { userPreferenceSchema } from '#shared/schemas/misc';
import { ApiError, request } from './http';

const preferenceResponse = z.object({ data: userPreferenceSchema });

/** A preference never saved is not an error: the screen's defaults apply. */
export const fetchPreference = (id: string) =>
  request('get', `user-preferences/${encodeURIComponent(id)}`, { schema: preferenceResponse }).then(
    (r) => r.data.value,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    },
  );

export const savePreference = (id: string, value: Record<string, unknown>) =>
  request('post', 'user-preferences', { json: { _id: id, value }, schema: preferenceResponse });
