// Baseline for GET /api/apitokens/licenses: a bare node:http + pg server answering the same licence list
// with one indexed query (licenses_user_seat_unique serves "where user_id = $1 order by seat_index") and the
// same per-row work the list needs: the AI key decrypted and masked, ISO dates, status and the seat summary.
// No session, no user lookup, no framework: the customer is fixed by USER_ID.
import { createDecipheriv, hkdfSync } from 'node:crypto';
import { serveBare } from '../lib/bare-server.mjs';

const userId = process.env.USER_ID;
const key = Buffer.from(
  hkdfSync('sha256', process.env.APP_SECRET ?? '', 'seatkeeper', 'ai-api-key', 32),
);
const iso = (d) => (d ? d.toISOString() : null);

function masked(sealed) {
  try {
    const raw = Buffer.from(sealed.split('.')[1], 'base64');
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    const plain = Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    return plain.length < 8 ? '****' : `${plain.slice(0, 4)}****${plain.slice(-4)}`;
  } catch {
    return '****';
  }
}

serveBare({
  'GET /licenses': async ({ pool }) => {
    const { rows } = await pool.query(
      `select id, user_id, license_type, website_url, binding_changes_left, expires_at, purchased_at, last_binding_change_at, order_id,
              purchase_tier, seat_index, created_at, updated_at, ai_api_key, ai_base_url, ai_config_updated_at,
              revoked_at
       from licenses where user_id = $1 order by seat_index`,
      [userId],
    );
    const now = Date.now();
    const licenses = rows.map((l) => ({
      id: l.id,
      userId: l.user_id,
      licenseType: l.license_type,
      websiteUrl: l.website_url,
      bindingChangesLeft: l.binding_changes_left,
      expiresAt: iso(l.expires_at),
      purchasedAt: iso(l.purchased_at),
      lastBindingChangeAt: iso(l.last_binding_change_at),
      orderId: l.order_id,
      purchaseTier: l.purchase_tier,
      seatIndex: l.seat_index,
      createdAt: iso(l.created_at),
      updatedAt: iso(l.updated_at),
      aiBaseUrl: l.ai_base_url,
      aiConfigStatus: {
        configured: Boolean(l.ai_api_key && l.ai_base_url),
        lastUpdated: iso(l.ai_config_updated_at),
        maskedApiKey: l.ai_api_key ? masked(l.ai_api_key) : null,
        baseUrl: l.ai_base_url,
      },
      status:
        l.license_type === 'yearly' && l.expires_at && l.expires_at.getTime() <= now
          ? 'expired'
          : 'active',
      revokedAt: iso(l.revoked_at),
      tier: l.purchase_tier,
    }));
    const bound = rows.filter((l) => l.website_url).length;
    return [200, { licenses, summary: { tier: 'ultra', planName: 'Max', bound, seatTotal: 100 } }];
  },
});
