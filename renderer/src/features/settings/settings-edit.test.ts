import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import type { Category, HandlingFee } from '#shared/schemas/catalog';
import {
  categoryResource,
  handlingChargeResource,
  shippingMethodResource,
} from '../catalog/catalog.resources';
import { planEdit } from './settings-edit';
import type { SettingsColumn, SettingsResource, SettingsRow } from './settings-resource';

const stamp = { createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' };
const snacks: Category = { _id: 'c1', name: 'Snacks', activeStatus: true, ...stamp };
const cardFee: HandlingFee = { _id: 'h1', title: 'Card fee', type: 'percentage', value: 2.5, ...stamp };

function plan<Row extends SettingsRow, V extends Record<string, string>, B>(
  resource: SettingsResource<Row, V, B>,
  field: string,
  row: Row,
  draft: string,
) {
  const column = resource.columns.find((c) => c.field === field) as SettingsColumn<Row>;
  if (!column.edit) throw new Error(`${field} is not editable`);
  return planEdit(column.edit, resource.updateSchema, row, draft);
}

describe('planEdit', () => {
  it('sends nothing when the value did not change (spaces and "2.50" included)', () => {
    expect(plan(categoryResource, 'name', snacks, 'Snacks')).toEqual({ kind: 'unchanged' });
    expect(plan(categoryResource, 'name', snacks, '  Snacks ')).toEqual({ kind: 'unchanged' });
    expect(plan(categoryResource, 'activeStatus', snacks, 'true')).toEqual({ kind: 'unchanged' });
    expect(plan(handlingChargeResource, 'value', cardFee, '2.50')).toEqual({ kind: 'unchanged' });
    expect(plan(handlingChargeResource, 'title', cardFee, 'Card fee')).toEqual({ kind: 'unchanged' });
  });

  it('builds the PUT bodies the API expects from the row and the new value', () => {
    expect(plan(categoryResource, 'name', snacks, ' Snack foods ')).toEqual({
      kind: 'change',
      body: { name: 'Snack foods', activeStatus: true },
    });
    expect(plan(categoryResource, 'activeStatus', snacks, 'false')).toEqual({
      kind: 'change',
      body: { name: 'Snacks', activeStatus: false },
    });
    expect(plan(shippingMethodResource, 'name', { ...snacks, name: 'EMS' }, 'EMS Express')).toEqual({
      kind: 'change',
      body: { name: 'EMS Express' },
    });
    // The type goes back unchanged: it is read-only.
    expect(plan(handlingChargeResource, 'value', cardFee, '3.25')).toEqual({
      kind: 'change',
      body: { title: 'Card fee', type: 'percentage', value: 3.25 },
    });
    expect(plan(handlingChargeResource, 'title', cardFee, 'Card fee (JCB)')).toEqual({
      kind: 'change',
      body: { title: 'Card fee (JCB)', type: 'percentage', value: 2.5 },
    });
  });

  it('refuses blank names and non-decimal values with the fixed texts', () => {
    expect(plan(categoryResource, 'name', snacks, ' ')).toEqual({
      kind: 'invalid',
      message: MESSAGES.categoryName,
    });
    expect(plan(shippingMethodResource, 'name', snacks, '')).toEqual({
      kind: 'invalid',
      message: MESSAGES.shippingMethodName,
    });
    expect(plan(handlingChargeResource, 'title', cardFee, '  ')).toEqual({
      kind: 'invalid',
      message: MESSAGES.enterName,
    });
    for (const draft of ['abc', '', '-1', '1e3']) {
      expect(plan(handlingChargeResource, 'value', cardFee, draft), draft).toEqual({
        kind: 'invalid',
        message: MESSAGES.fillValue,
      });
    }
  });

  it('leaves the handling-charge type without an editor', () => {
    expect(handlingChargeResource.columns.find((c) => c.field === 'type')?.edit).toBeUndefined();
    expect(handlingChargeResource.columns.find((c) => c.field === 'createdAt')?.edit).toBeUndefined();
  });
});

describe('the lists and their specs', () => {
  it('sorts every column and searches a filter the server accepts', () => {
    for (const resource of [categoryResource, shippingMethodResource, handlingChargeResource]) {
      for (const column of resource.columns) expect(resource.spec.sorts).toContain(column.field);
      expect(Object.keys(resource.spec.filters)).toContain(resource.searchField);
    }
  });
});

describe('create schemas of the add forms', () => {
  it('refuses a blank name with the resource message and adds as active', () => {
    const result = categoryResource.form.schema.safeParse({ name: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.categoryName);
    expect(categoryResource.form.schema.parse({ name: ' Tea ' })).toEqual({
      name: 'Tea',
      activeStatus: true,
    });
  });

  it('parses the handling-charge value as a decimal', () => {
    expect(
      handlingChargeResource.form.schema.parse({ title: 'Card fee', type: 'percentage', value: '2.5' }),
    ).toEqual({ title: 'Card fee', type: 'percentage', value: 2.5 });
    const bad = handlingChargeResource.form.schema.safeParse({ title: 'X', type: 'amount', value: 'x' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([MESSAGES.fillValue]);
  });
});
