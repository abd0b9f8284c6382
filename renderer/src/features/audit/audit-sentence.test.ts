import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/schemas/misc';
import { auditSentence } from './audit-sentence';
import { translator } from './audit-test-i18n';

let en: TFunction;
let ja: TFunction;
beforeAll(async () => {
  [en, ja] = await Promise.all([translator('en'), translator('ja')]);
});

const display = { dateFormat: 'YYYY-MM-DD', timeZone: 'Asia/Tokyo' } as const;
const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  _id: 'a1',
  at: '2026-11-23T20:30:00.000Z',
  user: { _id: 'u1', fullname: 'Ada Admin' },
  entity: 'product',
  entityId: '6a0b3c1e-0000-4000-8000-000000000001',
  entityName: 'Jagarico Salad',
  action: 'update',
  before: { purchasePrice: 120, activeStatus: true, updatedAt: '2026-11-01T00:00:00Z' },
  after: { purchasePrice: 150, activeStatus: false, updatedAt: '2026-11-23T20:30:00Z' },
  ...overrides,
});

describe('audit sentence', () => {
  it('says who changed which record, by name, with old and new values as the screens show them', () => {
    const sentence = auditSentence(entry({}), { t: en, language: 'en', ...display });
    expect(sentence.headline).toBe('Ada Admin changed the product “Jagarico Salad”');
    expect(sentence.when).toBe('2026-11-24 05:30');
    expect(sentence.changes.map((c) => c.text)).toEqual([
      'Purchase price (JPY): ¥120 → ¥150',
      'Status: Active → Inactive',
    ]);
  });

  it('reads in Japanese, with no English and no id left', () => {
    const sentence = auditSentence(entry({}), {
      t: ja,
      language: 'ja',
      ...display,
      dateFormat: 'YYYY年M月D日',
    });
    expect(sentence.headline).toBe('Ada Adminが商品「Jagarico Salad」を変更しました');
    expect(sentence.when).toBe('2026年11月24日 05:30');
    const text = [sentence.headline, ...sentence.changes.map((c) => c.text)].join('\n');
    expect(text).not.toMatch(/product|purchasePrice|Active|6a0b3c1e/);
    expect(text).toContain('￥120 → ￥150');
  });

  it('lists the values a record was created with, and those it had when deleted', () => {
    const created = auditSentence(
      entry({
        entity: 'category',
        entityName: 'Snacks',
        action: 'create',
        before: null,
        after: { _id: 'c1', name: 'Snacks', activeStatus: true },
      }),
      { t: en, language: 'en', ...display },
    );
    expect(created.headline).toBe('Ada Admin created the category “Snacks”');
    expect(created.changes.map((c) => c.text)).toEqual(['Name: Snacks', 'Status: Active']);

    const deleted = auditSentence(
      entry({
        entity: 'memo',
        entityName: 'Call the broker',
        action: 'delete',
        before: { title: 'Call the broker', body: 'Tue' },
        after: null,
      }),
      { t: en, language: 'en', ...display },
    );
    expect(deleted.headline).toBe('Ada Admin deleted the memo “Call the broker”');
    expect(deleted.changes.map((c) => c.text)).toEqual(['Title: Call the broker', 'Text: Tue']);
  });

  it('names the system when no one signed in did it, and an old entry by its snapshot', () => {
    const reset = auditSentence(
      entry({
        user: null,
        entity: 'user',
        entityName: null,
        before: { fullname: 'Bo Clerk', passwordChangedAt: null },
        after: { fullname: 'Bo Clerk', passwordChangedAt: '2026-11-23T01:00:00.000Z' },
      }),
      { t: en, language: 'en', ...display },
    );
    expect(reset.headline).toBe('System changed the user “Bo Clerk”');
    expect(reset.changes.map((c) => c.text)).toEqual(['Password changed: — → 2026-11-23 10:00']);

    const unnamed = auditSentence(
      entry({ entityName: null, before: { value: 1 }, after: { value: 2 }, entity: 'userPreference' }),
      {
        t: ja,
        language: 'ja',
        ...display,
      },
    );
    expect(unnamed.headline).toBe('Ada Adminが表示設定を変更しました');
  });
});

describe('order history', () => {
  const order = (overrides: Partial<AuditEntry>) =>
    entry({ entity: 'order', entityName: '403-1', entityId: 'o1', ...overrides });

  it('reads an edit with the form labels, money in the order currency and the customer part by part', () => {
    const edit = order({
      before: { name: '403-1', currency: 'INR', discount: 0, customer: null, shipmentStatus: 'RECEIVED' },
      after: {
        name: '403-1',
        currency: 'INR',
        discount: 25,
        customer: { name: 'Sana Kapoor', email: '', city: 'Pune' },
        shipmentStatus: 'RECEIVED',
      },
    });
    expect(auditSentence(edit, { t: en, language: 'en', ...display }).changes.map((c) => c.text)).toEqual([
      'Discount: ₹0.00 → ₹25.00',
      'Customer name: — → Sana Kapoor',
      'Customer city: — → Pune',
    ]);
    const inJa = auditSentence(edit, { t: ja, language: 'ja', ...display });
    expect(inJa.headline).toBe('Ada Adminが注文「403-1」を変更しました');
    expect(inJa.changes.map((c) => c.text)).toEqual([
      '割引：₹0.00 → ₹25.00',
      '顧客名：— → Sana Kapoor',
      '顧客の市区町村：— → Pune',
    ]);
  });

  it('reads a status change and names the product of a new order', () => {
    const status = order({
      before: { name: '403-1', shipmentStatus: 'RECEIVED' },
      after: { name: '403-1', shipmentStatus: 'ACCEPTED' },
    });
    expect(auditSentence(status, { t: en, language: 'en', ...display }).changes.map((c) => c.text)).toEqual([
      'Status: Received → Accepted',
    ]);
    const created = order({
      action: 'create',
      before: null,
      after: { name: '403-1', currency: 'JPY', product: { _id: 'p1', name: 'Pocky' }, baseOrderPrice: 1200 },
    });
    expect(auditSentence(created, { t: en, language: 'en', ...display }).changes.map((c) => c.text)).toEqual([
      'Product: Pocky',
      'Order price: ¥1,200',
    ]);
  });
});

describe('preference history', () => {
  it('names the preference and its hidden columns by what the screens call them', () => {
    const columns = entry({
      entity: 'userPreference',
      entityId: 'orders.columns',
      entityName: 'orders.columns',
      before: { value: { hidden: ['customFee'] } },
      after: { value: { hidden: ['customFee', 'shipmentId', 'gone'] } },
    });
    const sentence = auditSentence(columns, { t: en, language: 'en', ...display });
    expect(sentence.headline).toBe('Ada Admin changed the preference “columns of Order management”');
    expect(sentence.changes.map((c) => c.text)).toEqual([
      'Hidden columns: Custom fee → Custom fee, Shipment ID, 1 other column',
    ]);
    const date = auditSentence(
      entry({
        entity: 'userPreference',
        entityId: 'display',
        entityName: 'display',
        action: 'create',
        before: null,
        after: { value: { dateFormat: 'DD/MM/YYYY' } },
      }),
      { t: ja, language: 'ja', ...display },
    );
    expect(date.headline).toBe('Ada Adminが表示設定「日付の表示形式」を作成しました');
    expect(date.changes.map((c) => c.text)).toEqual(['日付の表示形式：DD/MM/YYYY']);
  });
});

describe('audit sentence: the packing station', () => {
  const packed = (refused: { janCode: string; reason: string; at: string }[]) =>
    entry({
      entity: 'order',
      entityName: '407-0000001-PACK',
      before: { name: '407-0000001-PACK', shipmentStatus: 'ACCEPTED' },
      after: {
        name: '407-0000001-PACK',
        shipmentStatus: 'PACKED',
        packing: {
          scanned: [
            { janCode: '4901234567894', at: '2026-11-23T20:29:00.000Z' },
            { janCode: '4901234567894', at: '2026-11-23T20:29:10.000Z', quantity: 4 },
          ],
          refused,
        },
      },
    });
  const at = '2026-11-23T20:29:05.000Z';

  it('reads a packing as units scanned and refusals named, never as JSON', () => {
    const sentence = auditSentence(
      packed([
        { janCode: '4900000000003', reason: 'notInOrder', at },
        { janCode: '4901234567894', reason: 'overScan', at },
      ]),
      { t: en, language: 'en', ...display },
    );
    expect(sentence.headline).toBe('Ada Admin changed the order “407-0000001-PACK”');
    expect(sentence.changes.map((c) => c.text)).toEqual([
      'Status: Accepted → Packed',
      'Packed at the packing station: 5 units scanned, 2 refused (4900000000003 not in the order, 4901234567894 one too many)',
    ]);
  });

  it('names the first three refusals, then says there are more; in Japanese too', () => {
    const refused = ['4900000000003', '4900000000010', '4900000000027', '4900000000034'].map((janCode) => ({
      janCode,
      reason: 'notInOrder',
      at,
    }));
    const [, packing] = auditSentence(packed(refused), { t: ja, language: 'ja', ...display }).changes;
    expect(packing?.text).toBe(
      '梱包ステーションで梱包：5 個スキャン、4 件拒否（4900000000003 は注文にない、4900000000010 は注文にない、4900000000027 は注文にない、…）',
    );
    expect(packing?.text).not.toMatch(/[{}"]/);
  });

  it('reads a short pick as its reason', () => {
    const sentence = auditSentence(
      entry({
        entity: 'order',
        entityName: '407-0000001-PACK',
        before: { name: '407-0000001-PACK' },
        after: { name: '407-0000001-PACK', shortPick: { reason: 'Shelf B-12 is empty' } },
      }),
      { t: en, language: 'en', ...display },
    );
    expect(sentence.changes.map((c) => c.text)).toEqual([
      'Cannot complete (short pick): Shelf B-12 is empty',
    ]);
  });
});
