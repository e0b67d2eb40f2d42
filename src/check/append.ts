/**
 * Appends `items` to `list` one by one. `list.push(...items)` passes every item as an argument:
 * above about 120,000 (findings of a large folder) it throws "Maximum call stack size exceeded".
 */
export function append<T>(list: T[], items: Iterable<T>): T[] {
  for (const item of items) list.push(item);
  return list;
}
