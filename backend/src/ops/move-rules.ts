/**
 * The order the embedded → PostgreSQL move copies tables in (docs/operations.md, "When you outgrow one
 * machine"): every table after the tables its foreign keys point to, the dashboard's roll-ups last (the
 * triggers fill them while the rows arrive; they are then replaced by the source's own, verbatim).
 */
export function copyOrder(
  tables: string[],
  references: { child: string; parent: string }[],
): string[] {
  const rollUp = (t: string) => t.startsWith('dashboard_');
  const pending = new Set(tables.filter((t) => !rollUp(t)));
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references)
    if (child !== parent && pending.has(child) && pending.has(parent))
      (parents.get(child) ?? parents.set(child, new Set()).get(child)!).add(parent);
  const order: string[] = [];
  while (pending.size) {
    const ready = [...pending]
      .filter((t) => ![...(parents.get(t) ?? [])].some((p) => pending.has(p)))
      .sort();
    if (!ready.length)
      throw new Error(`foreign keys form a cycle among ${[...pending].sort().join(', ')}`);
    for (const t of ready) {
      order.push(t);
      pending.delete(t);
    }
  }
  return [...order, ...tables.filter(rollUp).sort()];
}

/** Tables that differ between source and target after the copy, as sentences (empty: all equal). */
export function checksumDifferences(
  source: Map<string, { rows: number; checksum: string }>,
  target: Map<string, { rows: number; checksum: string }>,
): string[] {
  const problems: string[] = [];
  for (const [table, s] of source) {
    const t = target.get(table);
    if (!t) problems.push(`${table}: missing in the target`);
    else if (t.rows !== s.rows)
      problems.push(`${table}: ${s.rows} rows in the source, ${t.rows} in the target`);
    else if (t.checksum !== s.checksum)
      problems.push(`${table}: same row count (${s.rows}), different contents`);
  }
  for (const table of target.keys())
    if (!source.has(table)) problems.push(`${table}: not in the source`);
  return problems;
}
