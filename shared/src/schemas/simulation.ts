/**
 * Saved cost simulations and the simulator's per-platform fee defaults. Inputs travel as JSON
 * numbers or decimal text and are read exactly by the simulator's own rules
 * (domain/simulator.ts); what is stored is their canonical decimal text. The result is never
 * taken from a client: the server computes it from the inputs with the same function.
 */
import { z } from 'zod';
import {
  BREAKDOWN_LINES,
  handlingRule,
  readDecimal,
  SIMULATION_RULES,
  SIMULATOR_PLATFORMS,
  targetRule,
  TARGET_TYPES,
  type BreakdownLine,
  type DecimalRule,
  type SimulationResult,
} from '../domain/simulator';
import { MESSAGES, formatMessage } from '../messages';
import { handlingFeeTypeSchema } from './catalog';
import { idSchema, nameSchema, textSchema, timestamps, timestampSchema } from './common';

/** A number or decimal text, read exactly by `rule`, as its canonical text ('15.50' → '15.5'). */
const decimalText = z.union([z.number(), textSchema()], { error: MESSAGES.enterNumber });

const decimalInput = (rule: DecimalRule) =>
  decimalText.transform((raw, ctx) => {
    const read = readDecimal(raw, rule);
    if (read.ok) return read.text;
    ctx.addIssue({ code: 'custom', message: formatMessage(read.code, read.params) });
    return z.NEVER;
  });

export const simulatorPlatformSchema = z.enum(SIMULATOR_PLATFORMS, { error: MESSAGES.platformRequired });
export const targetTypeSchema = z.enum(TARGET_TYPES);

/** A value whose rule depends on a `type` beside it (handling charge, target). */
const typedValue = <T extends string>(type: z.ZodType<T>, ruleOf: (type: T) => DecimalRule) =>
  z.object({ type, value: decimalText }).transform((v, ctx) => {
    const read = readDecimal(v.value, ruleOf(v.type));
    if (read.ok) return { type: v.type, value: read.text };
    ctx.addIssue({ code: 'custom', path: ['value'], message: formatMessage(read.code, read.params) });
    return z.NEVER;
  });

/** POST simulation/ and PUT simulation/{id}/: the name and every input (a PUT replaces them all). */
export const simulationInputSchema = z.object({
  name: nameSchema(MESSAGES.enterName),
  /** The product the simulation is for, if any (its purchase price filled the form). */
  product: idSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  platformCode: simulatorPlatformSchema,
  purchasePrice: decimalInput(SIMULATION_RULES.purchasePrice),
  quantity: decimalInput(SIMULATION_RULES.quantity),
  exchangeRate: decimalInput(SIMULATION_RULES.exchangeRate),
  shippingCost: decimalInput(SIMULATION_RULES.shippingCost),
  customsDuty: decimalInput(SIMULATION_RULES.customsDuty),
  commission: decimalInput(SIMULATION_RULES.commission),
  closingFee: decimalInput(SIMULATION_RULES.closingFee),
  /** The handling charge chosen from the settings (its id) and its type and value then. */
  handling: z
    .object({
      handlingFeeId: idSchema.nullable().optional(),
      type: handlingFeeTypeSchema,
      value: decimalText,
    })
    .transform((v, ctx) => {
      const read = readDecimal(v.value, handlingRule(v.type));
      if (read.ok) return { handlingFeeId: v.handlingFeeId ?? null, type: v.type, value: read.text };
      ctx.addIssue({ code: 'custom', path: ['value'], message: formatMessage(read.code, read.params) });
      return z.NEVER;
    })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  target: typedValue(targetTypeSchema, targetRule),
});
export type SimulationInput = z.input<typeof simulationInputSchema>;
export type SimulationInputParsed = z.output<typeof simulationInputSchema>;

const amountsSchema = z.object({ inr: z.number(), jpy: z.number().int() });

export const simulationResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('priced'),
    price: z.number().int(),
    profit: z.number().int(),
    breakdown: z.object(
      Object.fromEntries(BREAKDOWN_LINES.map((line) => [line, amountsSchema])) as Record<
        BreakdownLine,
        typeof amountsSchema
      >,
    ),
  }),
  z.object({ status: z.literal('unreachable') }),
  z.object({ status: z.literal('tooHigh'), maxPrice: z.number() }),
]);
// The schema and the function's type are one shape.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const resultShapeMatches: SameShape<z.infer<typeof simulationResultSchema>, SimulationResult> = true;
void resultShapeMatches;

export const simulationSchema = z.object({
  _id: idSchema,
  name: z.string(),
  product: z.object({ _id: idSchema, name: z.string(), skuCode: z.string() }).nullable(),
  platformCode: z.enum(SIMULATOR_PLATFORMS),
  /** Yen per unit. */
  purchasePrice: z.number(),
  quantity: z.number().int(),
  /** Yen per rupee. */
  exchangeRate: z.number(),
  /** Yen per unit. */
  shippingCost: z.number(),
  /** Percent of the price before tax. */
  customsDuty: z.number(),
  /** Percent of the final price. */
  commission: z.number(),
  /** Rupees per unit. */
  closingFee: z.number(),
  handling: z
    .object({ handlingFeeId: idSchema.nullable(), type: handlingFeeTypeSchema, value: z.number() })
    .nullable(),
  target: z.object({ type: targetTypeSchema, value: z.number() }),
  /** Computed by the server from the inputs above (domain/simulator.ts). */
  result: simulationResultSchema,
  createdBy: z.object({ _id: idSchema, fullname: z.string() }).nullable(),
  ...timestamps,
});
export type Simulation = z.infer<typeof simulationSchema>;

/** The simulator's defaults for one platform: commission (% of the final price), closing fee (₹ per unit). */
export const platformFeeSchema = z.object({
  platformCode: z.enum(SIMULATOR_PLATFORMS),
  commissionPercent: z.number(),
  closingFee: z.number(),
  /** Null until an administrator sets them (both are 0 until then). */
  updatedAt: timestampSchema.nullable(),
});
export type PlatformFee = z.infer<typeof platformFeeSchema>;

/** PUT platform-fees/{platformCode}. */
export const platformFeeInputSchema = z.object({
  commissionPercent: decimalInput(SIMULATION_RULES.commission),
  closingFee: decimalInput(SIMULATION_RULES.closingFee),
});
export type PlatformFeeInput = z.input<typeof platformFeeInputSchema>;
