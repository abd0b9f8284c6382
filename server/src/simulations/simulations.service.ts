/**
 * The cost simulator: saved simulations (admins) and its per-platform fee defaults. A
 * simulation's result is always the shared function's answer for its stored inputs
 * (simulations.repository.ts), so nothing a client sends as a result is ever kept.
 */
import type { Kysely } from 'kysely';
import { simulationsListSpec } from '#shared/list-specs';
import { unknownReference } from '#shared/messages';
import { SIMULATOR_PLATFORMS, type SimulatorPlatform } from '#shared/domain/simulator';
import type { SessionUser } from '#shared/schemas/auth';
import type { PlatformFee, Simulation, SimulationInputParsed } from '#shared/schemas/simulation';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { findHandlingFee } from '../catalog/catalog.repository';
import { lockRow } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { badRequest, notFound, type FieldError } from '../http/errors';
import { containsText, parseList, runList, type ListColumns } from '../http/list';
import { productExists } from '../products/products.repository';
import {
  findSimulation,
  insertSimulation,
  listPlatformFeeRows,
  lockPlatformFee,
  simulationsQuery,
  toPlatformFee,
  toSimulation,
  updatePlatformFee,
  updateSimulation,
} from './simulations.repository';

const simulationsColumns: ListColumns = {
  columns: {
    name: 'simulations.name',
    createdAt: 'simulations.created_at',
    updatedAt: 'simulations.updated_at',
  },
  caseInsensitiveSorts: ['name'],
  tieBreaker: 'simulations.id',
};

export function listSimulations(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, simulationsListSpec);
  const text = query.extras.searchStr?.trim();
  const base = simulationsQuery(db);
  return runList(
    text ? base.where(containsText(['simulations.name'], text)) : base,
    query,
    simulationsColumns,
    toSimulation,
  );
}

export async function getSimulation(db: Kysely<Database>, id: string): Promise<Simulation> {
  const found = await findSimulation(db, id);
  if (!found) throw notFound();
  return found;
}

/** The product and handling charge a simulation names must exist (400 naming the field). */
async function checkReferences(db: Kysely<Database>, input: SimulationInputParsed): Promise<void> {
  const errors: FieldError[] = [];
  if (input.product !== null && !(await productExists(db, input.product))) {
    errors.push({ field: 'product', message: unknownReference('product') });
  }
  const handlingFeeId = input.handling?.handlingFeeId;
  if (handlingFeeId && !(await findHandlingFee(db, handlingFeeId))) {
    errors.push({ field: 'handling.handlingFeeId', message: unknownReference('handling charge') });
  }
  const first = errors[0];
  if (first) throw badRequest(first.message, errors);
}

export function createSimulation(
  db: Kysely<Database>,
  actor: SessionUser,
  input: SimulationInputParsed,
): Promise<Simulation> {
  return writeTransaction(db, async (trx) => {
    await checkReferences(trx, input);
    const id = await insertSimulation(trx, input, actor._id);
    const after = await findSimulation(trx, id);
    if (!after) throw new Error('simulation vanished inside its own transaction');
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'simulation',
      entityId: id,
      entityName: after.name,
      action: 'create',
      after,
    });
    return after;
  });
}

export function editSimulation(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  input: SimulationInputParsed,
): Promise<Simulation> {
  return writeTransaction(db, async (trx) => {
    const before = (await lockRow(trx, 'simulations', id)) ? await findSimulation(trx, id) : undefined;
    if (!before) throw notFound();
    await checkReferences(trx, input);
    await updateSimulation(trx, id, input);
    const after = await findSimulation(trx, id);
    if (!after) throw notFound();
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'simulation',
      entityId: id,
      entityName: after.name,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/** Both platforms' defaults; a platform never set reads 0 % and ₹0. */
export async function listPlatformFees(db: Kysely<Database>): Promise<PlatformFee[]> {
  const rows = new Map((await listPlatformFeeRows(db)).map((row) => [row.platform_code, toPlatformFee(row)]));
  return SIMULATOR_PLATFORMS.map(
    (platformCode) =>
      rows.get(platformCode) ?? { platformCode, commissionPercent: 0, closingFee: 0, updatedAt: null },
  );
}

export function setPlatformFee(
  db: Kysely<Database>,
  actor: SessionUser,
  platform: SimulatorPlatform,
  values: { commissionPercent: string; closingFee: string },
): Promise<PlatformFee> {
  return writeTransaction(db, async (trx) => {
    const beforeRow = await lockPlatformFee(trx, platform);
    if (!beforeRow) throw notFound();
    const before = toPlatformFee(beforeRow);
    // Texts are canonical, so equal values are equal texts; an unchanged PUT leaves no trace.
    if (
      beforeRow.commission_percent === values.commissionPercent &&
      beforeRow.closing_fee === values.closingFee &&
      beforeRow.updated_at !== null
    ) {
      return before;
    }
    await updatePlatformFee(trx, platform, values);
    const afterRow = await lockPlatformFee(trx, platform);
    if (!afterRow) throw notFound();
    const after = toPlatformFee(afterRow);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'platformFee',
      entityId: platform,
      entityName: platform,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}
