import { TIER_NAMES } from '@seatkeeper/domain';
import type { AppConfig } from '../config/env';
import { AuditService } from '../audit/audit.service';
import type { TokenRepository } from '../tokens/token.repository';
import { TokensService } from '../tokens/tokens.service';
import type { User } from '../users/user.entity';
import { asRepository, inMemoryStore } from '../../test/support/in-memory';
import type { LicenseRepository } from './license.repository';
import { LicensesService } from './licenses.service';
import { WebhookEvents } from '../webhooks/webhook-events.service';
import type { WebhooksRepository } from '../webhooks/webhooks.repository';

/** No webhook endpoints here: the events write nothing (their deliveries are the integration suite's). */
const noWebhooks = new WebhookEvents({
  enabledEndpoints: async () => [],
} as unknown as WebhooksRepository);

/**
 * LicensesService's rules against in-memory repositories (the SQL is the integration suite's); what money
 * does to seats is the entitlements' (entitlement-rules.spec.ts, the integration and model-based suites).
 */
function setup() {
  const store = inMemoryStore();
  const tokens = new TokensService(store.crypto, asRepository<TokenRepository>(store.tokens));
  const service = new LicensesService(
    store.em,
    store.crypto,
    tokens,
    asRepository<LicenseRepository>(store.licenses),
    // The audit log's config is only for its list's days; recording needs none.
    new AuditService(store.em, {} as AppConfig),
    noWebhooks,
  );
  return { ...store, service, tokenService: tokens };
}

const customer = (id = 'u1') => ({ id, email: `${id}@example.com` }) as User;
const admin = { id: 'admin', email: 'admin@example.com' } as User;
const yesterday = () => new Date(Date.now() - 86_400_000);

describe('LicensesService', () => {
  describe('list', () => {
    it('answers the seats in seat order with the plan summary, the AI key masked', async () => {
      const { service, licenses, crypto } = setup();
      licenses.add('u1', { seatIndex: 2, purchaseTier: 'pro' });
      licenses.add('u1', {
        seatIndex: 1,
        purchaseTier: 'pro',
        websiteUrl: 'https://a.com',
        aiBaseUrl: 'https://ai.example.com/v1',
        aiApiKey: crypto.encrypt('sk-abcdefghijklmnop', 'ai-api-key'),
      });
      licenses.add('u2', { seatIndex: 1, purchaseTier: 'basic' });

      const { licenses: seats, summary } = await service.list(customer());

      expect(seats.map((s) => s.seatIndex)).toEqual([1, 2]);
      expect(summary).toEqual({ tier: 'pro', planName: TIER_NAMES.pro, bound: 1, seatTotal: 5 });
      expect(seats[0].aiConfigStatus).toMatchObject({ configured: true });
      expect(seats[0].aiConfigStatus.maskedApiKey).not.toContain('abcdefghij');
      expect(seats[1]).toMatchObject({ websiteUrl: null, status: 'active', tier: 'pro' });
    });
  });

  describe('bind', () => {
    it('binds an unbound seat, leaves the same site unchanged and spends a change on another one', async () => {
      const { service, licenses, locks } = setup();
      const seat = licenses.add('u1', { seatIndex: 1, purchaseTier: 'basic' });

      expect((await service.bind(customer(), seat.id, 'https://a.com/blog')).action).toBe('bound');
      expect((await service.bind(customer(), seat.id, 'https://a.com/')).action).toBe('unchanged');
      const moved = await service.bind(customer(), seat.id, 'https://b.com');

      expect(moved.action).toBe('rebound');
      expect(moved.license).toMatchObject({ websiteUrl: 'https://b.com', bindingChangesLeft: 1 });
      expect(seat.lastBindingChangeAt).toBeInstanceOf(Date);
      expect(locks).toEqual(['u1', 'u1', 'u1']);
    });

    it('records each bind and rebind with who, from, to, the address and the changes left; a same-domain bind records nothing', async () => {
      const { service, licenses, created } = setup();
      const seat = licenses.add('u1', { seatIndex: 1, purchaseTier: 'basic' });

      await service.bind(customer(), seat.id, 'https://a.com/blog', undefined, '198.51.100.1');
      await service.bind(customer(), seat.id, 'https://a.com/', undefined, '198.51.100.1');
      await service.bind(customer(), seat.id, 'https://b.com', undefined, '198.51.100.2');

      expect(created.filter((c) => c.entity === 'AuditEntry').map((c) => c.data)).toEqual([
        expect.objectContaining({
          actor: 'u1@example.com',
          action: 'license.bind',
          target: seat.id,
          before: { domain: null },
          after: { domain: 'https://a.com', ip: '198.51.100.1', changesLeft: 2 },
        }),
        expect.objectContaining({
          action: 'license.bind',
          before: { domain: 'https://a.com' },
          after: { domain: 'https://b.com', ip: '198.51.100.2', changesLeft: 1 },
        }),
      ]);
    });

    it('refuses a rebind when no binding changes are left', async () => {
      const { service, licenses } = setup();
      const seat = licenses.add('u1', {
        seatIndex: 1,
        purchaseTier: 'basic',
        websiteUrl: 'https://a.com',
        bindingChangesLeft: 0,
      });
      await expect(service.bind(customer(), seat.id, 'https://b.com')).rejects.toThrow(
        'No binding changes left for this license',
      );
      expect(seat.websiteUrl).toBe('https://a.com');
    });

    it("refuses a domain bound to another of the customer's seats, not one of another customer's", async () => {
      const { service, licenses } = setup();
      licenses.add('u1', { seatIndex: 1, purchaseTier: 'pro', websiteUrl: 'http://a.com' });
      const free = licenses.add('u1', { seatIndex: 2, purchaseTier: 'pro' });
      const other = licenses.add('u2', { seatIndex: 1, purchaseTier: 'pro' });

      await expect(service.bind(customer(), free.id, 'https://a.com')).rejects.toThrow(
        '该域名已绑定到您的永久版/年付版授权',
      );
      await expect(service.bind(customer('u2'), other.id, 'https://a.com')).resolves.toMatchObject({
        action: 'bound',
      });
    });

    it("answers another customer's seat, an unknown id and an expired seat with the spec's texts", async () => {
      const { service, licenses } = setup();
      const theirs = licenses.add('u2', { seatIndex: 1, purchaseTier: 'basic' });
      const lapsed = licenses.add('u1', {
        seatIndex: 1,
        purchaseTier: 'basic',
        licenseType: 'yearly',
        expiresAt: yesterday(),
      });

      await expect(service.bind(customer(), theirs.id, 'https://a.com')).rejects.toThrow(
        'License not found',
      );
      await expect(service.bind(customer(), 'not-a-uuid', 'https://a.com')).rejects.toThrow(
        'License not found',
      );
      await expect(service.bind(customer(), lapsed.id, 'https://a.com')).rejects.toThrow(
        'License has expired',
      );
    });

    it('refuses development hosts and text that is not a site', async () => {
      const { service, licenses } = setup();
      const seat = licenses.add('u1', { seatIndex: 1, purchaseTier: 'basic' });
      await expect(service.bind(customer(), seat.id, 'http://localhost:8080')).rejects.toThrow(
        /Development hosts/,
      );
      await expect(service.bind(customer(), seat.id, 'not a url')).rejects.toThrow(
        'Must be a valid URL',
      );
      expect(seat.websiteUrl).toBeUndefined();
    });
  });

  describe('what the other modules ask', () => {
    it('an active licence is any permanent seat or a yearly one before its expiry', async () => {
      const { service, licenses } = setup();
      expect(await service.hasActiveLicense('u1')).toBe(false);
      licenses.add('u1', {
        seatIndex: 1,
        purchaseTier: 'basic',
        licenseType: 'yearly',
        expiresAt: yesterday(),
      });
      expect(await service.hasActiveLicense('u1')).toBe(false);
      licenses.add('u1', {
        seatIndex: 2,
        purchaseTier: 'basic',
        licenseType: 'yearly',
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      expect(await service.hasActiveLicense('u1')).toBe(true);
    });

    it("saves a seat's AI settings sealed, and finds them by the site the seat is bound to", async () => {
      const { service, licenses, crypto } = setup();
      const seat = licenses.add('u1', {
        seatIndex: 1,
        purchaseTier: 'pro',
        websiteUrl: 'https://a.com',
      });

      const status = await service.saveAiConfig('u1', seat.id, {
        baseUrl: 'https://ai.example.com/v1',
        apiKey: 'sk-0123456789abcdef',
        model: 'gpt-4o-mini',
      });

      expect(status).toMatchObject({ configured: true, baseUrl: 'https://ai.example.com/v1' });
      const found = await service.aiSettingsForSite('u1', 'a.com');
      expect(found).toMatchObject({ id: seat.id, model: 'gpt-4o-mini' });
      expect(crypto.decrypt(found!.sealedApiKey!, 'ai-api-key')).toBe('sk-0123456789abcdef');
      expect(await service.aiSettingsOf('u2', seat.id)).toBeNull();
      await expect(
        service.saveAiConfig('u2', seat.id, { baseUrl: 'x', apiKey: 'y', model: 'z' }),
      ).rejects.toThrow('License not found');
    });

    it("an admin's domain edit spends no change, can clear the domain, and is audited", async () => {
      const { service, licenses, created } = setup();
      const seat = licenses.add('u1', {
        seatIndex: 1,
        purchaseTier: 'basic',
        websiteUrl: 'https://a.com',
        bindingChangesLeft: 0,
      });

      const moved = await service.setDomainByAdmin(admin, seat.id, 'https://b.com', '192.0.2.9');
      expect(moved.license).toMatchObject({ websiteUrl: 'https://b.com', bindingChangesLeft: 0 });
      await service.setDomainByAdmin(admin, seat.id, null);
      expect(seat.websiteUrl).toBeNull();
      await service.setDomainByAdmin(admin, seat.id, null);

      expect(created.map((c) => [c.entity, c.data.action, c.data.after])).toEqual([
        ['AuditEntry', 'license.domain', { websiteUrl: 'https://b.com', ip: '192.0.2.9' }],
        ['AuditEntry', 'license.domain', { websiteUrl: null, ip: null }],
      ]);
      await expect(service.setDomainByAdmin(admin, 'nope', null)).rejects.toThrow(
        'License not found',
      );
    });
  });

  describe('check (the plugin calling home)', () => {
    async function withToken() {
      const s = setup();
      const { plainToken } = await s.tokenService.getOrCreate(customer());
      return { ...s, auth: plainToken };
    }

    it('answers an unknown or missing token as TOKEN_INVALID', async () => {
      const { service } = await withToken();
      expect(await service.check('nope', 'a.com')).toEqual({
        valid: false,
        code: 'TOKEN_INVALID',
        license: null,
        domain: 'a.com',
        checkedAt: expect.any(String),
      });
      expect((await service.check(undefined, 'a.com')).code).toBe('TOKEN_INVALID');
    });

    it('answers VALID with the seat bound to the site, whichever scheme it was bound with', async () => {
      const { service, licenses, auth, tokens } = await withToken();
      licenses.add('u1', { seatIndex: 4, purchaseTier: 'pro', websiteUrl: 'http://a.com' });

      expect(await service.check(auth, 'https://a.com/wp-admin')).toEqual({
        valid: true,
        code: 'VALID',
        license: { seatIndex: 4, tier: 'pro', licenseType: 'permanent', expiresAt: null },
        domain: 'a.com',
        checkedAt: expect.any(String),
      });
      expect(tokens.touched).toEqual([tokens.rows[0].id]);
    });

    it('answers DOMAIN_NOT_BOUND, LICENSE_EXPIRED, and a development host as valid without a seat', async () => {
      const { service, licenses, auth } = await withToken();
      licenses.add('u1', {
        seatIndex: 1,
        purchaseTier: 'basic',
        licenseType: 'yearly',
        expiresAt: yesterday(),
        websiteUrl: 'https://old.com',
      });

      expect((await service.check(auth, 'b.com')).code).toBe('DOMAIN_NOT_BOUND');
      expect(await service.check(auth, 'old.com')).toMatchObject({
        valid: false,
        code: 'LICENSE_EXPIRED',
        license: { seatIndex: 1, licenseType: 'yearly' },
      });
      expect(await service.check(auth, 'localhost:8080')).toEqual({
        valid: true,
        code: 'VALID',
        license: null,
        development: true,
        domain: 'localhost:8080',
        checkedAt: expect.any(String),
      });
      await expect(service.check(auth, 'not a host')).rejects.toThrow('Must be a valid URL');
    });

    it("records a seat's last check off the answer path, at most once a minute per seat", async () => {
      jest.useFakeTimers({ now: new Date('2026-12-05T10:00:00Z'), doNotFake: ['nextTick'] });
      try {
        const { service, licenses, auth } = await withToken();
        const seat = licenses.add('u1', {
          seatIndex: 1,
          purchaseTier: 'pro',
          websiteUrl: 'https://a.com',
        });
        licenses.add('u1', { seatIndex: 2, purchaseTier: 'pro', websiteUrl: 'https://b.com' });
        for (let i = 0; i < 5; i++) await service.check(auth, 'a.com');
        await service.check(auth, 'unbound.com');
        expect(licenses.checkWrites).toEqual([seat.id]);
        expect((await service.list(customer())).licenses.map((l) => l.lastCheckedAt)).toEqual([
          '2026-12-05T10:00:00.000Z',
          null,
        ]);
        jest.setSystemTime(new Date('2026-12-05T10:00:59Z'));
        await service.check(auth, 'www.a.com');
        expect(licenses.checkWrites).toHaveLength(1);
        jest.setSystemTime(new Date('2026-12-05T10:01:01Z'));
        await service.check(auth, 'a.com');
        expect(licenses.checkWrites).toEqual([seat.id, seat.id]);
        expect(seat.lastCheckedAt?.toISOString()).toBe('2026-12-05T10:01:01.000Z');
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
