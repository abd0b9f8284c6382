import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { NETWORK_ERROR } from '../api/http';
import { errorKeyOf, translateMessage } from './error-message';

const t = (key: string) => `<${key}>`;

describe('server message lookup', () => {
  it('maps each known text to its errors key', () => {
    expect(errorKeyOf(MESSAGES.invalidLogin)).toBe('invalidLogin');
    expect(errorKeyOf(MESSAGES.duplicateField)).toBe('duplicateField');
    expect(translateMessage(t, MESSAGES.tooManyRequests)).toBe('<errors:tooManyRequests>');
  });

  it('names the network failure', () => {
    expect(translateMessage(t, NETWORK_ERROR)).toBe('<errors:network>');
  });

  it('shows unknown texts as they came', () => {
    expect(errorKeyOf('Shelf A-3 is full')).toBeUndefined();
    expect(translateMessage(t, 'Shelf A-3 is full')).toBe('Shelf A-3 is full');
  });
});
