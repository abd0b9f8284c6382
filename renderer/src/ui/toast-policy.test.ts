import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastOptions } from './toast-policy';

describe('toast policy', () => {
  it('keeps errors until dismissed and hides the others after the given time', () => {
    expect(toastOptions('error', 'Failed', 6000).timeout).toBe(-1);
    for (const kind of ['success', 'warning', 'info'] as const) {
      expect(toastOptions(kind, 'Saved', 6000).timeout).toBe(6000);
    }
  });

  it('gives one message of one kind one id, so it is not shown twice at once', () => {
    expect(toastOptions('warning', 'No results').toastId).toBe(toastOptions('warning', 'No results').toastId);
    expect(toastOptions('warning', 'No results').toastId).not.toBe(
      toastOptions('error', 'No results').toastId,
    );
    expect(toastOptions('info', 'A').toastId).not.toBe(toastOptions('info', 'B').toastId);
  });

  it('shows three at most and announces errors first', () => {
    expect(TOAST_LIMIT).toBe(3);
    expect(toastOptions('info', 'x').limit).toBe(3);
    expect(toastOptions('error', 'x').politeness).toBe('assertive');
    expect(toastOptions('success', 'x').politeness).toBe('polite');
  });
});
