import { keyFingerprints, keyMismatch, KEY_NAMES, type KeyName } from './backup-rules';
import { OpsError } from './backup-engine';

/** Runs one statement (`?` placeholders, as the ORM's connection takes them) and answers its rows. */
export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * The secrets the data depends on (docs/deployment.md, "Backups"), checked at every start (DatabaseModule) and after a
 * restore: their fingerprints are stored with the data the first time, and any later start with other keys
 * stops with one sentence naming them, instead of serving AI keys that do not open and licence answers the
 * plugins refuse.
 */
export async function checkKeys(
  query: Query,
  config: { secret: string; licenseSigningKey: string },
  { record = true } = {},
): Promise<void> {
  const configured = keyFingerprints(config.secret, config.licenseSigningKey);
  // A backup from before the fingerprints were kept: nothing to compare (the next start records them).
  const [table] = await query(`select to_regclass('public.ops_keys') is not null as present`);
  if (!table?.present) {
    if (record) throw new OpsError('the ops_keys table is missing: the migrations did not run');
    return;
  }
  if (record)
    for (const name of Object.keys(KEY_NAMES) as KeyName[])
      await query(
        `insert into ops_keys (name, fingerprint) values (?, ?) on conflict (name) do nothing`,
        [name, configured[name]],
      );
  const rows = await query(`select name, fingerprint from ops_keys`);
  const stored: Partial<Record<KeyName, string>> = {};
  for (const r of rows) stored[r.name as KeyName] = String(r.fingerprint);
  const problem = keyMismatch(stored, configured);
  if (problem) throw new OpsError(problem);
}

/** A Query over a pg Client or PGlite (their `$n` placeholders). */
export function dollarQuery(
  run: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>,
): Query {
  return async (sql, params = []) => {
    let n = 0;
    const { rows } = await run(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return rows as Record<string, unknown>[];
  };
}
