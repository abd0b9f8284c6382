/**
 * Opening a screen asks nothing the server has to refuse: an unset preference (a list's
 * columns, the date format) is not an error, so no request of a screen's load answers 4xx,
 * and the preferences are read once, not once per key and screen.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });

const SCREENS = [
  '/shipping-management',
  '/products',
  '/AdvanceOrder',
  '/otz',
  '/shipment',
  '/order-amalgamation',
  '/sales-management',
  '/ot-sales-management',
  '/issues',
  '/memo',
];

function recordApi(page: Page) {
  const answers: { url: string; status: number }[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) answers.push({ url: url.pathname, status: response.status() });
  });
  return answers;
}

for (const language of ['en', 'ja'] as const) {
  test.describe(`in ${language}`, () => {
    test.use(kura.signedIn('admin', { language }));

    test('no request of a list screen’s load is refused, and preferences are read once', async ({ page }) => {
      const answers = recordApi(page);
      await page.goto(`${kura.url}${SCREENS[0]}`);
      await expect(page.getByRole('table').first()).toBeVisible();
      // Through the side menu, as staff move: one visit of the app.
      for (const path of SCREENS.slice(1)) {
        await page.evaluate((to) => {
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await page.waitForLoadState('networkidle');
      }
      const refused = answers.filter((a) => a.status >= 400);
      expect(refused, 'answers 4xx or 5xx').toEqual([]);
      const preferenceReads = answers.filter((a) => a.url.includes('/user-preferences'));
      expect(preferenceReads.length, 'preference reads').toBe(1);
    });
  });
}
