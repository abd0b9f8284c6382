/**
 * index.html's script. It imports nothing the app's start chunk holds, so it runs as soon as it
 * arrives, while the start chunk (preloaded by index.html) is still on its way: it asks for the
 * sign-in texts of the user's language (only that language: index.html cannot know which), then
 * starts the app (main.tsx), whose i18n setup finds the texts' request already made.
 */
import { readPersistedLanguage } from './i18n/language';
import { TEXT_BUNDLES } from './i18n/text-bundles';

void TEXT_BUNDLES[readPersistedLanguage(localStorage)].signIn().catch(() => {});
void import('./main');
