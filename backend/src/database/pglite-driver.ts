import {
  AbstractSqlDriver,
  PostgreSqlPlatform,
  type Configuration,
  type Knex,
} from '@mikro-orm/postgresql';
import type { PGliteInterface } from '@electric-sql/pglite';
import { PGliteConnection, PGliteKnexDialect } from 'mikro-orm-pglite';

/**
 * The embedded database's driver: mikro-orm-pglite with one correction (docs/security.md, "Embedded
 * database and statement splitting").
 *
 * MikroORM formats every parameterised query into one SQL text (values escaped as literals, exactly as it
 * does for PostgreSQL) and hands it to knex as a raw query. The PGlite knex dialect then guesses whether a
 * raw text holds several statements by splitting it on `;`, and runs such texts through PGlite's `exec()`,
 * which answers a list of results instead of one. A `;` inside a value ("pirated-shop.com;") made a
 * single query look like a script: the licence check read the result list as a row and answered VALID.
 *
 * Here a query that came with parameters always goes through PGlite's `query()` (one statement, the
 * extended protocol, which refuses a second statement outright); only parameterless texts of our own (the
 * migrations) may be scripts, and a script's answer is its last statement's result, never a list.
 */
const PARAMETERISED = 'seatkeeperParameterised';

type QueryObject = Parameters<PGliteKnexDialect['_query']>[1] & {
  sql: string;
  bindings?: unknown[];
  method?: string;
  options?: Record<string, unknown>;
  response?: unknown;
};

export function isScript(obj: QueryObject): boolean {
  if (obj.method !== 'raw' || obj.options?.[PARAMETERISED] || obj.bindings?.length) return false;
  return obj.sql.split(';').filter((part) => part.trim().length > 0).length > 1;
}

class SafePGliteKnexDialect extends PGliteKnexDialect {
  override async _query(connection: PGliteInterface, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    if (isScript(obj)) {
      const results = await connection.exec(obj.sql);
      obj.response = results[results.length - 1];
    } else {
      obj.response = await connection.query(obj.sql, obj.bindings ?? []);
    }
    return obj;
  }
}

class SafePGliteConnection extends PGliteConnection {
  /** PGliteConnection.createKnex, on the corrected dialect. */
  override createKnex(): void {
    this.client = this.createKnexClient(SafePGliteKnexDialect as never);
    const dialect = (this.getKnex() as unknown as { client: Record<string, unknown> }).client;
    dialect.ormConfig = this.config;
    dialect.driver = (this as unknown as { dialectDataSource: unknown }).dialectDataSource;
    this.connected = true;
  }

  /** AbstractSqlConnection.execute, marking the raw query as parameterised when it came with values. */
  override async execute<T = unknown>(
    queryOrKnex: string | Knex.QueryBuilder | Knex.Raw,
    params: unknown[] = [],
    method: 'all' | 'get' | 'run' = 'all',
    ctx?: Knex.Transaction,
    loggerContext?: Record<string, unknown>,
  ): Promise<T> {
    await this.ensureConnection();
    let text: string;
    if (typeof queryOrKnex === 'string') {
      text = queryOrKnex;
    } else {
      ctx ??= (queryOrKnex as unknown as { client: { transacting?: boolean } }).client.transacting
        ? (queryOrKnex as unknown as Knex.Transaction)
        : undefined;
      const q = queryOrKnex.toSQL();
      text = q.sql;
      params = [...(q.bindings ?? [])];
    }
    const query = this.config.get('onQuery')(text, params);
    const formatted = this.platform.formatQuery(query, params);
    const self = this as unknown as { getSql(q: string, f: string, c?: unknown): string };
    const sql = self.getSql(query, formatted, loggerContext);
    return this.executeQuery(
      sql,
      async () => {
        const raw = this.getKnex().raw(formatted);
        if (params.length) raw.options({ [PARAMETERISED]: true });
        if (ctx) raw.transacting(ctx);
        return this.transformRawResult<T>(await raw, method);
      },
      { query, params, ...loggerContext } as never,
    ) as Promise<T>;
  }
}

export class SafePGliteDriver extends AbstractSqlDriver<SafePGliteConnection> {
  constructor(config: Configuration) {
    super(config, new PostgreSqlPlatform(), SafePGliteConnection, [
      'knex',
      '@electric-sql/pglite',
      '@harryplusplus/knex-pglite',
    ]);
  }
}
