/** Helpers for the shared screen blocks: the dialog, the table, the toast host, axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits for the screen to come to rest: the content fades in on every route change (200 ms),
 * dialogs and drawers slide in, and axe measuring text half faded in reports its contrast as
 * too low. Long animations (a success toast's 6-second timer, spinners) are not waited for.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    // Only running ones: a paused animation would never finish.
    const short = document.getAnimations().filter((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return a.playState === 'running' && typeof end === 'number' && end <= 2000;
    });
    await Promise.all(short.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Axe on the screen at rest. Left out: Fluent's focus-trap sentinels (not content), and a
 * tooltip the pointer happens to rest on: Fluent portals it to the end of the body, outside
 * every landmark by design, while its trigger (which it describes) stands in one.
 */
export async function axeCheck(page: Page, build: (axe: AxeBuilder) => AxeBuilder = (axe) => axe) {
  await animationsDone(page);
  return build(
    new AxeBuilder({ page }).exclude('[data-tabster-dummy]').exclude('.fui-Tooltip__content'),
  ).analyze();
}

/** Toasts are checked on their own. */
export async function seriousViolations(page: Page) {
  const result = await axeCheck(page);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Presses Tab until `target` has focus, as a keyboard user would reach it. */
export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Whether the element with focus is inside `container`. */
export const focusInside = (container: Locator) =>
  container.evaluate((el) => el.contains(document.activeElement));

/** The toasts on screen (Fluent keeps a second copy for screen readers, without this class). */
export const toasts = (page: Page) => page.locator('.fui-Toast');

/** True when the page itself scrolls sideways (a table's own frame may). */
export const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
