/**
 * Focus goes back where it was when a dialog or a drawer closes, so a keyboard user keeps
 * their place. What opened it may be gone by then (the Cancel button of an advance order just
 * cancelled, the Remove button of the order just taken out, a settings cell's editor): focus
 * then goes to the nearest place around it that is still there, never to the page's <body>,
 * where Escape and Tab reach nothing.
 */
import { useLayoutEffect, useRef } from 'react';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** How long after closing the opener's leaving still moves the focus: a list's refetch. */
const WATCH_MS = 5_000;
/** Places that make sense to land on once the opener is gone, nearest first. */
const LANDING = 'td, tr, section, [role="region"], [role="dialog"], main';

/** The opener if it is still there, else the first landing place around it that still is. */
export function focusTarget(opener: HTMLElement, around: readonly HTMLElement[]): HTMLElement | null {
  if (opener.isConnected) return opener;
  for (const place of around) {
    if (!place.isConnected) continue;
    if (place.tabIndex >= 0 && place.hasAttribute('tabindex')) return place;
    const inside = place.querySelector<HTMLElement>(FOCUSABLE);
    if (inside) return inside;
    // A cell or a row read out whole: focusable by script only.
    if (!place.hasAttribute('tabindex')) place.tabIndex = -1;
    return place;
  }
  return null;
}

/** Marks a dialog's or drawer's surface with the id `useReturnFocus` was given. */
export const RETURN_FOCUS_ATTR = 'data-app-dialog';

/**
 * Remembers the element that had focus when `open` became true and gives focus back to it
 * (or to the nearest place left around it) when `open` turns false or the caller unmounts,
 * unless another dialog has taken the focus meanwhile. `id` names the caller's own surface
 * (marked with {@link RETURN_FOCUS_ATTR}), where focus may linger while it closes.
 */
export function useReturnFocus(open: boolean, id: string) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    const around: HTMLElement[] = [];
    for (let at = opener.current?.parentElement?.closest<HTMLElement>(LANDING); at;) {
      around.push(at);
      at = at.parentElement?.closest<HTMLElement>(LANDING) ?? null;
    }
    return () => {
      const from = opener.current;
      opener.current = null;
      if (!from) return;
      // Fluent's focus manager may first put focus on the page's first button; ours wins
      // unless a dialog that holds neither the opener nor its place has opened meanwhile.
      // Twice, as Fluent's can come late.
      const restore = () => {
        const target = focusTarget(from, around);
        if (!target) return;
        const now = document.activeElement;
        const dialog = now instanceof HTMLElement && now.isConnected ? now.closest('[role="dialog"]') : null;
        const other = dialog !== null && dialog.getAttribute(RETURN_FOCUS_ATTR) !== id;
        if (other && !dialog.contains(target)) return;
        if (now !== target) target.focus();
      };
      window.setTimeout(restore, 0);
      window.setTimeout(restore, 80);
      // The opener may leave after the dialog: a change's rows are fetched again once the
      // dialog has closed, without the button that asked for it. While focus is still ours,
      // it follows to the place left around the opener.
      const watch = new MutationObserver(() => {
        if (from.isConnected) return;
        watch.disconnect();
        const now = document.activeElement;
        if (now === null || now === document.body) focusTarget(from, around)?.focus();
      });
      watch.observe(document.body, { childList: true, subtree: true });
      window.setTimeout(() => watch.disconnect(), WATCH_MS);
    };
  }, [open, id]);
}
