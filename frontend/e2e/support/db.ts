import { test } from '@playwright/test';
import pg from 'pg';

/** Database fixtures for journeys: only when scripts/e2e.mjs gave the app a PostgreSQL database. */
export const hasDatabase = Boolean(process.env.E2E_DATABASE_URL);

export function requireDatabase() {
  test.skip(!hasDatabase, 'needs the PostgreSQL database that scripts/e2e.mjs creates');
}

export async function sql<T = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Gives a user (by e-mail) seats of a tier, as a purchase would. */
export async function giveSeats(
  email: string,
  tier: 'basic' | 'vip' | 'pro' | 'ultra',
  count: number,
) {
  const [user] = await sql<{ id: string }>('select id from users where email = $1', [
    email.toLowerCase(),
  ]);
  if (!user) throw new Error(`no user ${email}: sign in first`);
  await sql(
    `insert into licenses (id, user_id, purchase_tier, seat_index)
     select gen_random_uuid(), $1, $2, coalesce((select max(seat_index) from licenses where user_id = $1), 0) + g
     from generate_series(1, $3::int) g`,
    [user.id, tier, count],
  );
}
