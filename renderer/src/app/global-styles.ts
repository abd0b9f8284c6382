import { makeStaticStyles } from '@fluentui/react-components';

/**
 * The app's few page-wide rules, on Fluent's own class names so every screen has them.
 *
 * Messages wrap `pretty`: the browser evens out a paragraph's last lines, so no message ends
 * with one character alone under the rest (a 。 or one kana at 1280 px). Only on running text:
 * messages, dialogs' bodies, notes, hints and empty states. Tables keep the plain wrap, as
 * their cells are data and many. `word-break: keep-all` is not for Japanese: with no spaces it
 * would never break a sentence.
 */
export const useGlobalStyles = makeStaticStyles(`
  [role='alert'], [role='status'], .fui-MessageBarBody, .fui-Field__validationMessage,
  .fui-Field__hint, .fui-DialogContent, .fui-ToastTitle, .fui-ToastBody, .fui-Body1,
  .fui-Caption1, .fui-Subtitle2 {
    text-wrap: pretty;
  }
`);
