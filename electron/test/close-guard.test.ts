import { describe, expect, it, vi } from 'vitest';
import { createCloseGuard } from '../src/services/close-guard';

const closeEvent = () => ({ preventDefault: vi.fn() });

describe('close guard', () => {
  it('lets a window without unsaved changes close without asking', () => {
    const confirmClose = vi.fn(async () => true);
    const guard = createCloseGuard({ confirmClose, close: vi.fn() });
    const event = closeEvent();
    guard.onClose(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(confirmClose).not.toHaveBeenCalled();
  });

  it('keeps the window open when the user stays', async () => {
    const close = vi.fn();
    const guard = createCloseGuard({ confirmClose: async () => false, close });
    guard.setUnsaved(true);
    const event = closeEvent();
    guard.onClose(event);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(guard.unsaved).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(close).not.toHaveBeenCalled();
    // Asked again on the next attempt.
    const again = closeEvent();
    guard.onClose(again);
    expect(again.preventDefault).toHaveBeenCalled();
  });

  it('closes once the user chose to leave, and lets that close through', async () => {
    const close = vi.fn();
    const guard = createCloseGuard({ confirmClose: async () => true, close });
    guard.setUnsaved(true);
    guard.onClose(closeEvent());
    await vi.waitFor(() => expect(close).toHaveBeenCalledOnce());
    const final = closeEvent();
    guard.onClose(final);
    expect(final.preventDefault).not.toHaveBeenCalled();
  });

  it('asks once however often the close button is clicked meanwhile', async () => {
    let answer: (leave: boolean) => void = () => {};
    const confirmClose = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const guard = createCloseGuard({ confirmClose, close: vi.fn() });
    guard.setUnsaved(true);
    guard.onClose(closeEvent());
    const second = closeEvent();
    guard.onClose(second);
    expect(second.preventDefault).toHaveBeenCalled();
    expect(confirmClose).toHaveBeenCalledOnce();
    answer(false);
  });

  it('forgets unsaved changes when the page goes away', () => {
    const guard = createCloseGuard({ confirmClose: async () => false, close: vi.fn() });
    guard.setUnsaved(true);
    guard.reset();
    const event = closeEvent();
    guard.onClose(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
