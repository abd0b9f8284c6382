/**
 * The cost simulator's tables, created by migration 013_simulations. Inputs are canonical
 * decimal text (exact); the result is computed from them on read, never stored.
 */
import type { HandlingFeeType } from '#shared/constants';
import type { SimulatorPlatform, TargetType } from '#shared/domain/simulator';

export interface SimulationTable {
  id: string;
  name: string;
  product_id: string | null;
  platform_code: SimulatorPlatform;
  /** Whole yen per unit. */
  purchase_price: string;
  quantity: string;
  /** Yen per rupee, up to 6 decimals. */
  exchange_rate: string;
  /** Whole yen per unit. */
  shipping_cost: string;
  /** Percent, up to 2 decimals. */
  customs_duty: string;
  commission: string;
  /** Rupees per unit, up to 2 decimals. */
  closing_fee: string;
  /** The handling charge setting chosen; its type and value as they were then. */
  handling_fee_id: string | null;
  handling_type: HandlingFeeType | null;
  handling_value: string | null;
  target_type: TargetType;
  /** Whole yen, or a percent with up to 2 decimals; may be negative. */
  target_value: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The simulator's defaults per platform: one row each for AMAZONIND and SHOPIFY. */
export interface PlatformFeeTable {
  platform_code: SimulatorPlatform;
  /** Percent of the final price, up to 2 decimals. */
  commission_percent: string;
  /** Rupees per unit, up to 2 decimals. */
  closing_fee: string;
  /** Null until an administrator sets them. */
  updated_at: string | null;
}

export interface SimulationTables {
  simulations: SimulationTable;
  platform_fees: PlatformFeeTable;
}
