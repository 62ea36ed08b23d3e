// Seeding shared by the benchmarks, in SQL against the schema of backend/src/database/migrations.
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The app's at-rest encryption (backend/src/common/crypto.service.ts): AES-256-GCM under an HKDF key. */
export function sealLikeApp(secret, plain, purpose) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'seatkeeper', purpose, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

export const AI_KEY_PURPOSE = 'ai-api-key';

/**
 * A Max-tier (ultra) customer with `seats` seats under one paid order: seats 1..bound bound to domains,
 * every `aiEvery`-th seat with an AI configuration (key encrypted under the app's secret). Returns counts.
 */
export async function seedMaxCustomer(
  sql,
  { userId, secret, seats = 100, bound = 60, aiEvery = 3 },
) {
  const order = await sql.query(
    `insert into orders (id, order_id, user_id, product_name, subscription_tier, seat_count, list_price, amount, status, paid_at, payment_method)
     values (gen_random_uuid(), 'SKBENCHMAX' || substr(md5($1::text), 1, 10), $1::uuid, 'Max 套餐', 'ultra', 10, 998000, 998000, 'paid', now(), 'sandbox')
     returning id`,
    [userId],
  );
  const keys = [];
  const indexes = [];
  for (let s = 1; s <= seats; s++) {
    indexes.push(s);
    keys.push(
      s % aiEvery === 0
        ? sealLikeApp(secret, `sk-bench-${s}-${randomBytes(12).toString('hex')}`, AI_KEY_PURPOSE)
        : null,
    );
  }
  await sql.query(
    `insert into licenses (id, user_id, purchase_tier, seat_index, website_url, order_id, ai_api_key, ai_base_url, ai_model, ai_config_updated_at,
                           binding_changes_left, last_binding_change_at)
     select gen_random_uuid(), $1, 'ultra', s.i, case when s.i <= $3 then 'https://site' || s.i || '.bench-max.example' end, $2,
            s.k, case when s.k is not null then 'https://ai.bench.example/v1' end, case when s.k is not null then 'dev-chat' end,
            case when s.k is not null then now() end,
            case when s.i % 7 = 0 then 1 else 2 end, case when s.i % 7 = 0 then now() end
     from unnest($4::int[], $5::text[]) as s(i, k)`,
    [userId, order.rows[0].id, bound, indexes, keys],
  );
  return { seats, bound: Math.min(bound, seats), withAiConfig: keys.filter(Boolean).length };
}

/**
 * The plugin's customer of the licence benches: signed in at `base`, its activation code (the token
 * answer), and 20,000 other customers with codes, so that the lookups run against realistic indexes.
 * Returns the answer and the connected client, for the bench's own seats (the caller ends it).
 * @param {{ signIn(base: string, email: string): Promise<string>, pgClient(url: string): import('pg').Client }} lib
 *   bench/lib/app.mjs, or another checkout's (bench/verify-token/pair.mjs: each build signs in its own way)
 * @param {{ base: string, databaseUrl: string, email: string }} customer
 */
export async function seedPluginCustomer(lib, { base, databaseUrl, email }) {
  const cookie = await lib.signIn(base, email);
  /** @type {any} */
  const tokenAnswer = await fetch(`${base}/api/apitokens/token`, { headers: { cookie } }).then(
    (r) => r.json(),
  );
  const sql = lib.pgClient(databaseUrl);
  await sql.connect();
  await sql.query(`insert into users (id, name, email, google_sub)
    select gen_random_uuid(), 'u' || g, 'u' || g || '@bench.test', 'sub' || g from generate_series(1, 20000) g`);
  await sql.query(`insert into user_tokens (id, user_id, token_encrypted, token_digest)
    select gen_random_uuid(), id, 'v1.x', md5(id::text) || md5(email) from users where email like '%@bench.test'`);
  return { tokenAnswer, sql };
}

/** The customer's one seat, bound to the domain the licence checks ask about (https://bench.example). */
export const bindBenchSeat = (sql, userId) =>
  sql.query(
    `insert into licenses (id, user_id, purchase_tier, seat_index, website_url)
    values (gen_random_uuid(), $1, 'pro', 1, 'https://bench.example')`,
    [userId],
  );

/** `users` other customers with `perUser` seats each (two thirds bound), so lookups run against real indexes. */
export async function seedOtherCustomers(sql, { users = 10_000, perUser = 5 } = {}) {
  await sql.query(`insert into users (id, name, email, google_sub)
    select gen_random_uuid(), 'customer ' || g, 'c' || g || '@others.bench.test', 'others-sub-' || g from generate_series(1, ${users}) g`);
  await sql.query(`insert into licenses (id, user_id, purchase_tier, seat_index, website_url)
    select gen_random_uuid(), u.id, 'pro', s, case when s % 3 <> 0 then 'https://s' || s || '.' || u.google_sub || '.example' end
    from users u, generate_series(1, ${perUser}) s where u.google_sub like 'others-sub-%'`);
}

/** `perUser` past orders (paid or expired) for each customer seeded by seedOtherCustomers. */
export async function seedOtherOrders(sql, { perUser = 5 } = {}) {
  await sql.query(`insert into orders (id, order_id, user_id, product_name, subscription_tier, seat_count, list_price, amount, status, paid_at, created_at)
    select gen_random_uuid(), 'SKOTHERS' || lpad((row_number() over ())::text, 12, '0'), u.id, 'Pro 套餐', 'pro', 5, 169900, 169900,
           case when s = 1 then 'paid' else 'expired' end, case when s = 1 then now() end, now() - (s || ' days')::interval
    from users u, generate_series(1, ${perUser}) s where u.google_sub like 'others-sub-%'`);
}
