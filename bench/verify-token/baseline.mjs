// Baseline for the plugin-facing calls: a bare node:http server doing the same work with pg directly
// (HMAC of the token, indexed digest lookup; for /check also the licence lookup), no framework.
import { createHmac } from 'node:crypto';
import { serveBare } from '../lib/bare-server.mjs';

const key = Buffer.alloc(32, 7);
const knownDigest = process.env.TOKEN_DIGEST;

async function verify({ req, body, pool }) {
  const token = body.token ?? (req.headers.authorization ?? '').replace(/^Bearer /, '');
  createHmac('sha256', key).update(token).digest('hex'); // the same hashing work as the app
  const { rows } = await pool.query(
    'select id, user_id, last_used_at from user_tokens where token_digest = $1',
    [knownDigest],
  );
  return rows[0];
}

serveBare({
  'POST /verify': async (call) => {
    const row = await verify(call);
    return [
      200,
      {
        valid: Boolean(row),
        userId: row?.user_id ?? null,
        tokenId: row?.id ?? null,
        message: 'Token is valid',
      },
    ];
  },
  'POST /check': async (call) => {
    const row = await verify(call);
    const host = String(call.body.domain ?? '')
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '');
    const lic = await call.pool.query(
      'select seat_index, purchase_tier, license_type, expires_at from licenses where user_id = $1 and website_url in ($2, $3) limit 1',
      [row?.user_id, `https://${host}`, `http://${host}`],
    );
    return [
      200,
      {
        valid: Boolean(lic.rows[0]),
        code: lic.rows[0] ? 'VALID' : 'DOMAIN_NOT_BOUND',
        license: lic.rows[0] ?? null,
      },
    ];
  },
});
