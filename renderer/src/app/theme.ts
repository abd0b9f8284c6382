import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

/** Kura's indigo-blue brand ramp (the colour of an old storehouse's indigo noren). */
const kuraBrand: BrandVariants = {
  10: '#020305',
  20: '#111723',
  30: '#16263d',
  40: '#193252',
  50: '#1b3f68',
  60: '#1d4c7e',
  70: '#1f5995',
  80: '#2667ab',
  90: '#3975b8',
  100: '#4c84c2',
  110: '#5f93cb',
  120: '#72a2d4',
  130: '#86b1dd',
  140: '#9ac0e5',
  150: '#afcfee',
  160: '#c4def6',
};

export const kuraTheme: Theme = {
  ...createLightTheme(kuraBrand),
  // Japanese glyphs need a Japanese UI font; Segoe UI has none.
  fontFamilyBase:
    "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic UI', Meiryo, 'Noto Sans JP', Roboto, 'Helvetica Neue', sans-serif",
};
