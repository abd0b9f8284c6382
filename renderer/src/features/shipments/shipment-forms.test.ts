import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from '#shared/messages';
import { customsInputSchema, shipmentCreateSchema } from '#shared/schemas/shipment';
import {
  checkCustomsForm,
  checkShipmentForm,
  customsFormOf,
  emptyCustomsForm,
  emptyShipmentForm,
  isDirty,
  isWebLink,
  type ShipmentFormValues,
} from './shipment-forms';

const filled = (over: Partial<ShipmentFormValues> = {}): ShipmentFormValues => ({
  shipmentId: ' SHIP-1 ',
  shippingDate: '2026-05-20',
  shippingMethod: '',
  totalShippingFee: '1,000',
  shipmentTrackingLink: 'https://track.example.com/SHIP-1',
  ...over,
});
const LABELS = {
  shipmentId: 'Shipment ID',
  totalShippingFee: 'Total shipping fee (yen)',
  shipmentTrackingLink: 'Tracking link',
};

describe('the new shipment form', () => {
  it('starts with today as the shipping date and is clean until something is typed', () => {
    const start = emptyShipmentForm('2026-05-20');
    expect(start.shippingDate).toBe('2026-05-20');
    expect(isDirty(start, start)).toBe(false);
    expect(isDirty({ ...start, shipmentId: 'S' }, start)).toBe(true);
  });

  it('names each missing field by its own label, once, and no orders with its own message', () => {
    const checked = checkShipmentForm(emptyShipmentForm('2026-05-20'), [], LABELS);
    expect(checked).toEqual({
      ok: false,
      errors: {
        shipmentId: 'Shipment ID is required',
        totalShippingFee: 'Total shipping fee (yen) is required',
        shipmentTrackingLink: 'Tracking link is required',
        orders: MESSAGES.selectOrdersToClub,
      },
    });
  });

  it('says a link that is not a web address is not in the right format, and what is wrong with a fee', () => {
    for (const link of ['track.example.com', 'ftp://example.com/x', 'javascript:alert(1)', 'https://']) {
      const checked = checkShipmentForm(filled({ shipmentTrackingLink: link }), ['o1'], LABELS);
      expect(checked.ok ? {} : checked.errors, link).toEqual({
        shipmentTrackingLink: MESSAGES.notCorrectFormat,
      });
    }
    expect(checkShipmentForm(filled({ totalShippingFee: 'abc' }), ['o1'], LABELS)).toEqual({
      ok: false,
      errors: { totalShippingFee: MESSAGES.enterNumber },
    });
    expect(checkShipmentForm(filled({ totalShippingFee: '-1' }), ['o1'], LABELS)).toEqual({
      ok: false,
      errors: { totalShippingFee: formatMessage('tooSmall', { min: 0 }) },
    });
    // Yen have no decimals: said so rather than rounded.
    expect(checkShipmentForm(filled({ totalShippingFee: '12.5' }), ['o1'], LABELS)).toEqual({
      ok: false,
      errors: { totalShippingFee: MESSAGES.notWholeNumber },
    });
    expect(checkShipmentForm(filled({ shippingDate: '2026-02-30' }), ['o1'], LABELS)).toEqual({
      ok: false,
      errors: { shippingDate: MESSAGES.invalidDate },
    });
  });

  it('sends the trimmed id, the fee in yen, the method only when chosen, and the orders in the order chosen', () => {
    const checked = checkShipmentForm(filled(), ['o2', 'o1'], LABELS);
    expect(checked).toEqual({
      ok: true,
      body: {
        shipmentId: 'SHIP-1',
        shippingDate: '2026-05-20',
        totalShippingFee: 1000,
        shipmentTrackingLink: 'https://track.example.com/SHIP-1',
        orderIds: ['o2', 'o1'],
      },
    });
    if (!checked.ok) throw new Error('expected a body');
    expect(shipmentCreateSchema.safeParse(checked.body).success).toBe(true);
    const withMethod = checkShipmentForm(
      filled({ shippingMethod: 'm1', totalShippingFee: '0' }),
      ['o1'],
      LABELS,
    );
    expect(withMethod.ok && withMethod.body).toMatchObject({ shippingMethod: 'm1', totalShippingFee: 0 });
    if (withMethod.ok) expect(shipmentCreateSchema.safeParse(withMethod.body).success).toBe(true);
  });

  it('takes http and https links only', () => {
    expect(isWebLink('http://example.com')).toBe(true);
    expect(isWebLink('https://example.com/a?b=c')).toBe(true);
    expect(isWebLink('mailto:someone@example.com')).toBe(false);
    expect(isWebLink('')).toBe(false);
  });
});

describe('the customs form', () => {
  it('names anything missing with the one customs message', () => {
    expect(checkCustomsForm({ customId: ' ', totalCustomFee: '', receivedDate: null })).toEqual({
      ok: false,
      errors: {
        customId: MESSAGES.customsRequired,
        totalCustomFee: MESSAGES.customsRequired,
        receivedDate: MESSAGES.customsRequired,
      },
    });
    expect(checkCustomsForm({ customId: 'C-1', totalCustomFee: '500', receivedDate: 'tomorrow' })).toEqual({
      ok: false,
      errors: { receivedDate: MESSAGES.customsRequired },
    });
  });

  it('takes rupees with up to two decimals, and says so beyond', () => {
    expect(
      checkCustomsForm({ customId: 'C-1', totalCustomFee: '10.005', receivedDate: '2026-05-20' }),
    ).toEqual({
      ok: false,
      errors: { totalCustomFee: 'At most 2 decimal places' },
    });
    const checked = checkCustomsForm({
      customId: ' C-1 ',
      totalCustomFee: '1,500.50',
      receivedDate: '2026-05-20',
    });
    expect(checked).toEqual({
      ok: true,
      body: { customId: 'C-1', totalCustomFee: 1500.5, receivedDate: '2026-05-20' },
    });
    if (checked.ok) expect(customsInputSchema.safeParse(checked.body).success).toBe(true);
  });

  it('starts on today, or on the saved customs for a correction', () => {
    expect(emptyCustomsForm('2026-05-20')).toEqual({
      customId: '',
      totalCustomFee: '',
      receivedDate: '2026-05-20',
    });
    expect(customsFormOf({ customId: 'C-1', totalCustomFee: 1500.5, receivedDate: '2026-05-01' })).toEqual({
      customId: 'C-1',
      totalCustomFee: '1500.5',
      receivedDate: '2026-05-01',
    });
  });
});
