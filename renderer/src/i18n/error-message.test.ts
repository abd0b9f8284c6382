import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '#shared/messages';
import { NETWORK_ERROR } from '../api/http';
import { errorKeyOf, translateError, translateMessage } from './error-message';

/** A stand-in for i18next's t over a tiny catalog: `<key|params>`, or the default when absent. */
const catalog = new Set([
  'errors:invalidLogin',
  'errors:tooManyRequests',
  'errors:network',
  'errors:tooLong',
]);
catalog.add('errors:requestFailed').add('errors:somethingWentWrong').add('errors:unknownReference');
catalog.add('errors:labels.category');
const t = (key: string, options: Record<string, unknown> = {}) => {
  if (!catalog.has(key)) return String(options.defaultValue ?? key);
  const { defaultValue: _ignored, ...params } = options;
  return Object.keys(params).length > 0 ? `<${key}|${JSON.stringify(params)}>` : `<${key}>`;
};

describe('server message lookup', () => {
  it('maps each known text to its errors key, parameters included', () => {
    expect(errorKeyOf(MESSAGES.invalidLogin)).toBe('invalidLogin');
    expect(errorKeyOf(MESSAGES.duplicateField)).toBe('duplicateField');
    expect(errorKeyOf(formatMessage('tooLong', { max: 64 }))).toBe('tooLong');
    expect(translateMessage(t, MESSAGES.tooManyRequests)).toBe('<errors:tooManyRequests>');
    expect(translateMessage(t, formatMessage('tooLong', { max: 64 }))).toBe('<errors:tooLong|{"max":"64"}>');
  });

  it('names the network failure', () => {
    expect(translateMessage(t, NETWORK_ERROR)).toBe('<errors:network>');
  });

  it('shows unknown texts as they came', () => {
    expect(errorKeyOf('Shelf A-3 is full')).toBeUndefined();
    expect(translateMessage(t, 'Shelf A-3 is full')).toBe('Shelf A-3 is full');
  });
});

describe('API errors', () => {
  it('translates by code and params, with reference labels in the language too', () => {
    expect(translateError(t, { code: 'invalidLogin', message: 'whatever the server said' })).toBe(
      '<errors:invalidLogin>',
    );
    expect(
      translateError(t, {
        code: 'unknownReference',
        message: 'The category does not exist',
        params: { label: 'category' },
      }),
    ).toBe('<errors:unknownReference|{"label":"<errors:labels.category>"}>');
  });

  it('falls back to the text, then to a generic sentence, never to the English', () => {
    expect(translateError(t, { code: 'noSuchCode', message: MESSAGES.invalidLogin })).toBe(
      '<errors:invalidLogin>',
    );
    expect(translateError(t, { code: 'noSuchCode', message: 'Some English' })).toBe('<errors:requestFailed>');
    expect(translateError(t, { message: 'Some English' })).toBe('<errors:somethingWentWrong>');
  });

  it('keeps a known text from a server without codes, even where the translation reads the same', () => {
    // The English catalog says exactly what the server said: that is a match, not a miss.
    const english = (key: string, options: Record<string, unknown> = {}) =>
      key === 'errors:duplicateField' ? MESSAGES.duplicateField : String(options.defaultValue ?? key);
    expect(translateError(english, { message: MESSAGES.duplicateField })).toBe(MESSAGES.duplicateField);
  });
});
