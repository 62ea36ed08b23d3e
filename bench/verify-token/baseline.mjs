// Baseline for the plugin-facing calls: a bare node:http server doing the same work with pg directly
// (HMAC of the token, indexed digest lookup; for /check also the licence lookup), no framework.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import pg from '../../node_modules/pg/lib/index.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = Buffer.alloc(32, 7);
const knownDigest = process.env.TOKEN_DIGEST;

function readJson(req) {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(data || '{}'));
      } catch {
        resolve({});
      }
    });
  });
}

createServer(async (req, res) => {
  const body = await readJson(req);
  const token = body.token ?? (req.headers.authorization ?? '').replace(/^Bearer /, '');
  createHmac('sha256', key).update(token).digest('hex'); // the same hashing work as the app
  const { rows } = await pool.query('select id, user_id, last_used_at from user_tokens where token_digest = $1', [knownDigest]);
  let answer = { valid: Boolean(rows[0]), userId: rows[0]?.user_id ?? null, tokenId: rows[0]?.id ?? null, message: 'Token is valid' };
  if (req.url === '/check') {
    const host = String(body.domain ?? '').replace(/^https?:\/\//, '').replace(/^www\./, '');
    const lic = await pool.query(
      'select seat_index, purchase_tier, license_type, expires_at from licenses where user_id = $1 and website_url in ($2, $3) limit 1',
      [rows[0]?.user_id, `https://${host}`, `http://${host}`],
    );
    answer = { valid: Boolean(lic.rows[0]), code: lic.rows[0] ? 'VALID' : 'DOMAIN_NOT_BOUND', license: lic.rows[0] ?? null };
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer));
}).listen(Number(process.env.PORT), '127.0.0.1');
