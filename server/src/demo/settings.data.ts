/**
 * The demo business's settings lists: what a Japan → India seller of Japanese snacks, tea,
 * stationery, beauty and hobby goods would have typed in after a year or two of trading.
 * Names are one string; "English / 日本語" only where staff would write it so.
 */
import type { HandlingFeeType } from '#shared';

export interface DemoCategory {
  /** Our key and the SKU's middle part (KUR-SNK-0001). */
  code: string;
  name: string;
  active: boolean;
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  { code: 'SNK', name: 'Snacks / スナック菓子', active: true },
  { code: 'SWT', name: 'Chocolate & sweets / チョコレート・菓子', active: true },
  { code: 'TEA', name: 'Green tea / 緑茶', active: true },
  { code: 'NDL', name: 'Instant noodles / インスタント麺', active: true },
  { code: 'SEA', name: 'Seasonings / 調味料', active: true },
  { code: 'STA', name: 'Stationery / 文房具', active: true },
  { code: 'KIT', name: 'Kitchenware / キッチン用品', active: true },
  { code: 'COS', name: 'Cosmetics / 化粧品', active: true },
  { code: 'SKN', name: 'Skincare / スキンケア', active: true },
  { code: 'TOY', name: 'Toys & figures / おもちゃ・フィギュア', active: true },
  { code: 'ANI', name: 'Anime goods / アニメグッズ', active: true },
  { code: 'HLT', name: 'Health supplements / 健康食品', active: true },
  // Tried for one Diwali season and dropped: shows an inactive row in the settings table.
  { code: 'GFT', name: 'Seasonal gift sets / 季節ギフト', active: false },
];

/** Referred to by name from products.data.ts. */
export const DEMO_MANUFACTURERS = [
  'Calbee',
  'Koikeya',
  'Kameda Seika',
  'Meiji',
  'Ezaki Glico',
  'Nestlé Japan',
  'Lotte',
  'Ito En',
  'Marukyu Koyamaen / 丸久小山園',
  'Nissin Foods',
  'Toyo Suisan (Maruchan)',
  'Sanyo Foods',
  'Kikkoman',
  'House Foods',
  'Kewpie',
  'Pilot',
  'Tombow',
  'Zebra',
  'Mitsubishi Pencil (uni)',
  'Zojirushi',
  'Tiger',
  'Kai',
  'Shiseido',
  'Kao',
  'Rohto',
  'Kosé',
  'Ida Laboratories (Canmake)',
  'DHC',
  'Fancl',
  'Bandai',
  'Bandai Spirits',
  'Takara Tomy',
  'Good Smile Company',
  'The Pokémon Company',
  'Sanrio',
  'Asahi Group Foods',
  'Suntory Wellness',
  'Taisho Pharmaceutical',
] as const;
export type DemoManufacturerName = (typeof DEMO_MANUFACTURERS)[number];

/** A maker we stopped buying from: inactive, still named on its old products. */
export const INACTIVE_MANUFACTURERS: readonly DemoManufacturerName[] = ['Koikeya'];

/** Where the seller buys: `categories` are the DEMO_CATEGORIES codes each one is a source for. */
export const DEMO_SUPPLIERS: readonly { name: string; active: boolean; categories: readonly string[] }[] = [
  { name: 'Askul (B2B)', active: true, categories: ['STA', 'SEA', 'NDL', 'TEA', 'KIT'] },
  { name: 'Costco Japan — Kawasaki', active: true, categories: ['SNK', 'SWT', 'NDL', 'SEA', 'TEA', 'HLT'] },
  {
    name: 'Don Quijote wholesale account / ドン・キホーテ',
    active: true,
    categories: ['SNK', 'SWT', 'COS', 'SKN', 'HLT', 'KIT'],
  },
  {
    name: 'Amazon.co.jp',
    active: true,
    categories: ['SNK', 'SWT', 'TEA', 'NDL', 'SEA', 'STA', 'KIT', 'COS', 'SKN', 'TOY', 'ANI', 'HLT'],
  },
  { name: 'Rakuten: Kenko.com', active: true, categories: ['COS', 'SKN', 'HLT', 'TEA'] },
  { name: 'Rakuten: Hobby Search', active: true, categories: ['TOY', 'ANI'] },
  { name: 'Yodobashi.com', active: true, categories: ['KIT', 'STA', 'TOY', 'COS'] },
  {
    name: 'Tonya.jp wholesale / 卸売ネット',
    active: true,
    categories: ['SNK', 'SWT', 'NDL', 'SEA', 'TEA', 'STA'],
  },
  // Closed account: inactive, but still linked to the anime goods bought there.
  { name: 'Animate Akihabara', active: false, categories: ['ANI'] },
];

export const DEMO_SHIPPING_METHODS: readonly { name: string; active: boolean }[] = [
  { name: 'EMS', active: true },
  { name: 'Japan Post SAL', active: true },
  { name: 'Japan Post International ePacket', active: true },
  { name: 'DHL Express', active: true },
  { name: 'FedEx International Priority', active: true },
  { name: 'Yamato International', active: false },
];

export const DEMO_HANDLING_FEES: readonly { title: string; type: HandlingFeeType; value: string }[] = [
  { title: 'Packing material / 梱包資材', type: 'amount', value: '300' },
  { title: 'Payment processing / 決済手数料', type: 'percentage', value: '2.5' },
  { title: 'Inspection / 検品', type: 'amount', value: '150' },
  { title: 'Gift wrapping / ギフト包装', type: 'amount', value: '200' },
  { title: 'Shipping insurance / 配送保険', type: 'percentage', value: '1.2' },
];

/**
 * The cost simulator's defaults per platform: Amazon India's referral fee for grocery and
 * beauty and its fixed closing fee per unit; the own shop pays its payment gateway only.
 */
export const DEMO_PLATFORM_FEES: readonly {
  platformCode: 'AMAZONIND' | 'SHOPIFY';
  commissionPercent: string;
  closingFee: string;
}[] = [
  { platformCode: 'AMAZONIND', commissionPercent: '15', closingFee: '30' },
  { platformCode: 'SHOPIFY', commissionPercent: '2', closingFee: '0' },
];

/** Suggestions offered when a new category is typed (up to 100 pre-categories). */
export const DEMO_PRE_CATEGORIES = [
  'Food & drink',
  'Snacks & sweets',
  'Tea & coffee',
  'Beauty',
  'Health & personal care',
  'Stationery & office',
  'Home & kitchen',
  'Toys & games',
  'Hobby & collectibles',
  'Anime & manga merchandise',
  'Baby & kids',
  'Electronics accessories',
  'Fashion accessories',
  'Books & magazines',
  'Sports & outdoors',
] as const;

/** Shelf labels aisle-bay-level: aisles A–D, bays 01–08, levels 1–3 (A-01-1 … D-08-3). */
export const DEMO_SHELVES: readonly string[] = ['A', 'B', 'C', 'D'].flatMap((aisle) =>
  Array.from({ length: 8 }, (_, bay) => String(bay + 1).padStart(2, '0')).flatMap((bay) =>
    [1, 2, 3].map((level) => `${aisle}-${bay}-${level}`),
  ),
);
