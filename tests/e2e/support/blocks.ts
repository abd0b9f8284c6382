/** Helpers for the shared screen blocks: the dialog, the table, the toast host, axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Fluent's focus-trap sentinels are not content; toasts are checked on their own. Axe reads
 * colours as they are painted: while a screen fades in (200 ms) its text is still translucent
 * and fails contrast, so finite animations and transitions are let finish first.
 */
export async function seriousViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const result = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
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
