/**
 * The lists' versions (`list_versions`, 004_list_engine) are bumped in name order at the end of
 * every writing transaction, not in the order its writes happened.
 *
 * 004 bumps a table's version from a deferred trigger, at commit, in the order the transaction
 * first wrote each table. Two transactions writing the same two tables in opposite orders (an
 * acceptance moves the product's stock, then the order's status; a cancellation or a creation
 * writes the orders, then the products' 30-day figures) then lock the two version rows in
 * opposite orders, and PostgreSQL ends one with a deadlock (40P01), whatever rows they wrote.
 * Measured with eight connections writing one product and one order each, half in either order:
 * a quarter of the transactions failed.
 *
 * So a row trigger on each versioned table notes the table once per transaction (a transaction
 * setting; its WHEN clause skips the call for every later row), and `kura_bump_noted_lists()`,
 * which `writeTransaction` (db/write-transaction.ts) runs last, bumps the noted tables in name
 * order and marks them bumped, so the deferred trigger of 004 skips them at commit. A write
 * outside `writeTransaction` (the seeds, a migration) is still bumped by that deferred trigger.
 * PostgreSQL only: SQLite runs one writer at a time and bumps in the writing statement.
 *
 * A table made versioned later (`versionedTable`) calls {@link noteListWrites} too.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const noteTrigger = (table: string) => `${table}_list_noted`;

/** Notes the first write of `table` in each transaction for `kura_bump_noted_lists()` (PostgreSQL). */
export async function noteListWrites(db: Kysely<unknown>, table: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create trigger ${sql.id(noteTrigger(table))} after insert or update or delete
    on ${sql.table(table)} for each row
    when (current_setting(${sql.lit(`kura.noted_${table}`)}, true) is distinct from 'y')
    execute function kura_note_list_write()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function kura_note_list_write() returns trigger language plpgsql as $$
    begin
      perform set_config('kura.noted_' || tg_table_name, 'y', true);
      perform set_config('kura.noted', coalesce(current_setting('kura.noted', true), '') || ' ' || tg_table_name, true);
      return null;
    end $$`.execute(db);
  await sql`
    create function kura_bump_noted_lists() returns void language plpgsql as $$
    declare
      noted text;
    begin
      for noted in
        select distinct t from unnest(string_to_array(btrim(coalesce(current_setting('kura.noted', true), '')), ' ')) t
        where t <> '' order by t
      loop
        if current_setting('kura.bumped_' || noted, true) is distinct from 'y' then
          perform set_config('kura.bumped_' || noted, 'y', true);
          insert into list_versions (name, version) values (noted, 1)
            on conflict (name) do update set version = list_versions.version + 1;
        end if;
      end loop;
      perform set_config('kura.noted', '', true);
    end $$`.execute(db);
  const { rows } = await sql<{ name: string }>`select name from list_versions order by name`.execute(db);
  for (const { name } of rows) await noteListWrites(db, name);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ name: string }>`select name from list_versions order by name`.execute(db);
  for (const { name } of rows) {
    await sql`drop trigger if exists ${sql.id(noteTrigger(name))} on ${sql.table(name)}`.execute(db);
  }
  await sql`drop function if exists kura_bump_noted_lists()`.execute(db);
  await sql`drop function if exists kura_note_list_write()`.execute(db);
}
