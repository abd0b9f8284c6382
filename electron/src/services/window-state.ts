/**
 * The window comes back where it was: its size, position and maximised state are kept in the
 * app's store when it closes and used when it opens. A position on a display that is gone
 * (a laptop away from its monitor) is dropped, so the window never opens off screen; a size
 * below the minimum or above the display is brought within bounds.
 */
import type { KeyValueStore } from './key-value-store';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent: let the system place the window (centred). */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const WINDOW_STATE_KEY = 'window.state';
export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 820, maximized: false };
export const MIN_WINDOW = { width: 900, height: 600 };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** How much of `a` lies on `b`, in pixels². */
const overlap = (a: Rectangle, b: Rectangle) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/**
 * The state to open the window with, from what was kept, fitted to the displays' work areas
 * now (`displays`: screen.getAllDisplays().map((d) => d.workArea)).
 */
export function loadWindowState(store: KeyValueStore, displays: readonly Rectangle[]): WindowState {
  const saved = store.get(WINDOW_STATE_KEY) as Partial<Record<keyof WindowState, unknown>> | undefined;
  if (!saved || !isNumber(saved.width) || !isNumber(saved.height)) return { ...DEFAULT_WINDOW };
  const largest = displays.reduce<Rectangle | undefined>(
    (best, d) => (!best || d.width * d.height > best.width * best.height ? d : best),
    undefined,
  );
  const width = Math.round(Math.max(MIN_WINDOW.width, Math.min(saved.width, largest?.width ?? saved.width)));
  const height = Math.round(
    Math.max(MIN_WINDOW.height, Math.min(saved.height, largest?.height ?? saved.height)),
  );
  const state: WindowState = { width, height, maximized: saved.maximized === true };
  if (isNumber(saved.x) && isNumber(saved.y)) {
    const bounds = { x: saved.x, y: saved.y, width, height };
    // Kept only when a good part of the window (a quarter, and its title bar) is on a display.
    const titleBar = { x: saved.x, y: saved.y, width, height: 32 };
    const visible = displays.some(
      (d) => overlap(bounds, d) >= (width * height) / 4 && overlap(titleBar, d) > 0,
    );
    if (visible) Object.assign(state, { x: Math.round(saved.x), y: Math.round(saved.y) });
  }
  return state;
}

/** Keeps the window's normal bounds (as it would be unmaximised) and whether it is maximised. */
export function saveWindowState(store: KeyValueStore, bounds: Rectangle, maximized: boolean): void {
  store.set(WINDOW_STATE_KEY, { ...bounds, maximized });
}
