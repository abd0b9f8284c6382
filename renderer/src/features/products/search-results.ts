/** Search answers may repeat a product across pages or refetches: each is offered once, first seen wins its place. */
export function uniqueById<T extends { _id: string }>(items: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(item._id)) seen.set(item._id, item);
  return [...seen.values()];
}
