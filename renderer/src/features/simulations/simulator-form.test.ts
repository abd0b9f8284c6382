import { describe, expect, it } from 'vitest';
import { simulate } from '#shared/domain/simulator';
import type { PlatformFee, Simulation } from '#shared/schemas/simulation';
import { readTodaysRate } from './simulations.api';
import {
  fromSimulation,
  inputsOf,
  liveResult,
  newSimulation,
  simulatorFormSchema,
  toRequest,
  type SimulatorFormValues,
} from './simulator-form';

const fees: PlatformFee[] = [
  { platformCode: 'AMAZONIND', commissionPercent: 15.25, closingFee: 30.5, updatedAt: null },
  { platformCode: 'SHOPIFY', commissionPercent: 2, closingFee: 0, updatedAt: null },
];

const filled = (): SimulatorFormValues => ({
  ...newSimulation(fees, '1.7'),
  name: 'Pocky',
  purchasePrice: '700',
  shippingCost: '110',
  customsDuty: '15.5',
  commission: '5',
  closingFee: '61.5',
  targetValue: '2,760',
});

describe('simulator form', () => {
  it('starts from Amazon India’s defaults and today’s rate, or an empty rate', () => {
    expect(newSimulation(fees, '1.734512')).toMatchObject({
      platformCode: 'AMAZONIND',
      commission: '15.25',
      closingFee: '30.5',
      exchangeRate: '1.734512',
      quantity: '1',
    });
    expect(newSimulation(fees, null).exchangeRate).toBe('');
  });

  it('shows a result once every input reads, the same as the shared function', () => {
    const incomplete = liveResult(newSimulation(fees, null));
    expect(incomplete.kind).toBe('incomplete');
    const live = liveResult(filled());
    expect(live).toEqual({ kind: 'result', result: simulate(inputsOf(filled())) });
    expect(live.kind === 'result' && live.result.status === 'priced' && live.result.price).toBe(3245);
  });

  it('checks the name and every input before a save', () => {
    const parsed = simulatorFormSchema.safeParse({ ...filled(), name: ' ', quantity: '0' });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['name', 'quantity']);
    expect(simulatorFormSchema.safeParse(filled()).success).toBe(true);
  });

  it('reopens a saved simulation exactly as it was typed', () => {
    const saved = {
      _id: 's1',
      name: 'Pocky',
      product: null,
      platformCode: 'SHOPIFY',
      purchasePrice: 700,
      quantity: 2,
      exchangeRate: 1.734512,
      shippingCost: 110,
      customsDuty: 15.5,
      commission: 2.25,
      closingFee: 0.1,
      handling: { handlingFeeId: null, type: 'percentage', value: 2.5 },
      target: { type: 'percentage', value: -12.75 },
    } as unknown as Simulation;
    const values = fromSimulation(saved, null);
    expect(toRequest(values)).toEqual({
      name: 'Pocky',
      product: null,
      platformCode: 'SHOPIFY',
      purchasePrice: '700',
      quantity: '2',
      exchangeRate: '1.734512',
      shippingCost: '110',
      customsDuty: '15.5',
      commission: '2.25',
      closingFee: '0.1',
      handling: { handlingFeeId: null, type: 'percentage', value: '2.5' },
      target: { type: 'percentage', value: '-12.75' },
    });
  });

  it('reads today’s rate leniently: a positive number, or no rate', () => {
    expect(readTodaysRate({ date: '2026-11-20', from: 'INR', to: 'JPY', rate: 1.7345 })).toEqual({
      rate: '1.7345',
      date: '2026-11-20',
    });
    expect(readTodaysRate({ data: { rate: 1.73451239 } })).toEqual({ rate: '1.734512', date: null });
    expect(readTodaysRate({ date: '2026-11-20', rate: null })).toBeNull();
    expect(readTodaysRate(undefined)).toBeNull();
    expect(readTodaysRate({ rate: -1 })).toBeNull();
  });
});
