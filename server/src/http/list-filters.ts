/** Filters that several lists share, kept here rather than inside one feature. */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Filter } from '#shared/query';
import { compare, containsText } from './list';

/** `name=text` on a list means "contains, any case"; other operators compare lower-cased text. */
export function textFilter(column: string) {
  return (filter: Filter): Expression<SqlBool> => {
    if (filter.op === 'eq') return containsText([column], String(filter.value));
    if (filter.op === 'in') {
      const parts = (filter.value as unknown[]).map((v) => containsText([column], String(v)));
      return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
    }
    return compare(sql`lower(${sql.ref(column)})`, { ...filter, value: String(filter.value).toLowerCase() });
  };
}
