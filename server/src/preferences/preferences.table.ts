/** Each user's saved preferences, created by migration 001_core. */

export interface UserPreferencesTable {
  user_id: string;
  pref_id: string;
  /** JSON object */
  value: string;
  created_at: string;
  updated_at: string;
}

export interface PreferenceTables {
  user_preferences: UserPreferencesTable;
}
