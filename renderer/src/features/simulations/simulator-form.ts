/**
 * The simulator's form: what it holds (every input as typed text, the chosen product, handling
 * charge and target), what the shared model reads from it, the live result, the rules a save
 * checks (the same rules as the API, domain/simulator.ts), and the conversions from and to a
 * saved simulation.
 */
import { z } from 'zod';
import type { HandlingFeeType } from '#shared/constants';
import {
  checkSimulationInputs,
  simulate,
  type SimulationField,
  type SimulationInputs,
  type SimulationProblem,
  type SimulationResult,
  type SimulatorPlatform,
  type TargetType,
} from '#shared/domain/simulator';
import { formatMessage, MESSAGES } from '#shared/messages';
import type { HandlingFee } from '#shared/schemas/catalog';
import type { Product } from '#shared/schemas/product';
import type { PlatformFee, Simulation, SimulationInput } from '#shared/schemas/simulation';

/** The handling charge a simulation uses: a setting (its id) and its type and value. */
export interface HandlingChoice {
  handlingFeeId: string | null;
  type: HandlingFeeType;
  value: string;
}

/** The model's inputs the form holds one field each, as typed (handling and target are its own). */
export type TypedInputs = Omit<SimulationInputs, 'handling' | 'target'>;

export interface SimulatorFormValues extends TypedInputs {
  name: string;
  product: Product | null;
  platformCode: SimulatorPlatform;
  handling: HandlingChoice | null;
  targetType: TargetType;
  targetValue: string;
}

const typedInputs = (values: SimulatorFormValues): TypedInputs => ({
  purchasePrice: values.purchasePrice,
  quantity: values.quantity,
  exchangeRate: values.exchangeRate,
  shippingCost: values.shippingCost,
  customsDuty: values.customsDuty,
  commission: values.commission,
  closingFee: values.closingFee,
});

/** A number from the API as the text it was typed as: JSON numbers keep their shortest text. */
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The defaults of one platform, as form text. */
export function platformDefaults(fees: readonly PlatformFee[], platform: SimulatorPlatform) {
  const fee = fees.find((f) => f.platformCode === platform);
  return { commission: text(fee?.commissionPercent ?? 0), closingFee: text(fee?.closingFee ?? 0) };
}

/** A new simulation: Amazon India's defaults, today's rate when there is one, one unit. */
export function newSimulation(fees: readonly PlatformFee[], rate: string | null): SimulatorFormValues {
  return {
    name: '',
    product: null,
    platformCode: 'AMAZONIND',
    purchasePrice: '',
    quantity: '1',
    exchangeRate: rate ?? '',
    shippingCost: '',
    customsDuty: '',
    ...platformDefaults(fees, 'AMAZONIND'),
    handling: null,
    targetType: 'amount',
    targetValue: '',
  };
}

/** A saved simulation back in the form, exactly as it was typed (`product`: read back whole). */
export function fromSimulation(simulation: Simulation, product: Product | null): SimulatorFormValues {
  return {
    name: simulation.name,
    product,
    platformCode: simulation.platformCode,
    purchasePrice: text(simulation.purchasePrice),
    quantity: text(simulation.quantity),
    exchangeRate: text(simulation.exchangeRate),
    shippingCost: text(simulation.shippingCost),
    customsDuty: text(simulation.customsDuty),
    commission: text(simulation.commission),
    closingFee: text(simulation.closingFee),
    handling: simulation.handling
      ? {
          handlingFeeId: simulation.handling.handlingFeeId,
          type: simulation.handling.type,
          value: text(simulation.handling.value),
        }
      : null,
    targetType: simulation.target.type,
    targetValue: text(simulation.target.value),
  };
}

/** A handling charge of the settings as a choice. */
export const handlingChoiceOf = (fee: HandlingFee): HandlingChoice => ({
  handlingFeeId: fee._id,
  type: fee.type,
  value: text(fee.value),
});

export const sameHandling = (a: HandlingChoice | null, b: HandlingChoice | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.handlingFeeId === b.handlingFeeId &&
    a.type === b.type &&
    Number(a.value) === Number(b.value));

export const inputsOf = (values: SimulatorFormValues): SimulationInputs => ({
  ...typedInputs(values),
  handling: values.handling ? { type: values.handling.type, value: values.handling.value } : null,
  target: { type: values.targetType, value: values.targetValue },
});

/** The form's field a problem of the model belongs to. */
const FORM_FIELD: Record<SimulationField, keyof SimulatorFormValues> = {
  purchasePrice: 'purchasePrice',
  quantity: 'quantity',
  exchangeRate: 'exchangeRate',
  shippingCost: 'shippingCost',
  customsDuty: 'customsDuty',
  commission: 'commission',
  closingFee: 'closingFee',
  handling: 'handling',
  target: 'targetValue',
};

export type LiveResult =
  { kind: 'incomplete'; problems: SimulationProblem[] } | { kind: 'result'; result: SimulationResult };

/** What the result panel shows for the values on screen: computed here, as the server will. */
export function liveResult(values: SimulatorFormValues): LiveResult {
  const inputs = inputsOf(values);
  const problems = checkSimulationInputs(inputs);
  return problems.length > 0
    ? { kind: 'incomplete', problems }
    : { kind: 'result', result: simulate(inputs) };
}

/** The rules a save checks: a name, and every input by the model's own rules. */
export const simulatorFormSchema = z
  .custom<SimulatorFormValues>((v) => typeof v === 'object' && v !== null)
  .superRefine((values, ctx) => {
    if (values.name.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['name'], message: MESSAGES.enterName });
    else if (values.name.trim().length > 200) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: MESSAGES.max200 });
    }
    for (const problem of checkSimulationInputs(inputsOf(values))) {
      ctx.addIssue({
        code: 'custom',
        path: [FORM_FIELD[problem.field]],
        message: formatMessage(problem.code, problem.params),
      });
    }
  });

/** The request body of a save: the inputs as typed (the server reads and checks them again). */
export function toRequest(values: SimulatorFormValues): SimulationInput {
  return {
    name: values.name.trim(),
    product: values.product?._id ?? null,
    platformCode: values.platformCode,
    ...typedInputs(values),
    handling: values.handling,
    target: { type: values.targetType, value: values.targetValue },
  };
}
