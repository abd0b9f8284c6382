import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { issueInputSchema } from '#shared/schemas/misc';
import { emptyRequestForm, requestFormSchema } from './request-form';

const messagesOf = (input: unknown) => {
  const result = requestFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe('product request form', () => {
  it('turns blanks into "not given" and numbers into numbers the server accepts', () => {
    const out = requestFormSchema.parse({
      ...emptyRequestForm,
      title: '  Matcha whisk  ',
      expectedPrice: '¥1,980',
      quantity: ' 12 ',
    });
    expect(out).toEqual({
      title: 'Matcha whisk',
      link: null,
      expectedPrice: 1980,
      quantity: 12,
      note: null,
    });
    expect(issueInputSchema.parse(out)).toEqual(out);
  });

  it('shows every mistake at once with the fixed texts', () => {
    expect(
      messagesOf({ title: ' ', link: 'ftp://x.example', expectedPrice: '12.5', quantity: '0', note: '' }),
    ).toEqual({
      title: MESSAGES.enterName,
      link: MESSAGES.notCorrectFormat,
      expectedPrice: MESSAGES.enterNumber,
      quantity: MESSAGES.invalidQuantity,
    });
    expect(messagesOf({ ...emptyRequestForm, title: 'x', quantity: 'two' })).toEqual({
      quantity: MESSAGES.invalidQuantity,
    });
  });

  it('keeps an http(s) link', () => {
    expect(
      requestFormSchema.parse({ ...emptyRequestForm, title: 'x', link: 'https://shop.example/a?b=1' }).link,
    ).toBe('https://shop.example/a?b=1');
  });
});
