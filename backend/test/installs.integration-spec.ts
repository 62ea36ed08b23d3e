import request from 'supertest';
import { InstallsService } from '../src/installs/installs.service';
import { InstallsStore } from '../src/installs/installs.store';
import { ADMIN_EMAIL, type RunningApp, signIn, withFreshApp } from './support/app';
import { customer } from './support/customer';
import { em, giveSeats } from './support/factories';

/**
 * Install insights (docs/insights.md) through the real routes: a simulated fleet of sites checking in by
 * the licence check and by update checks, counted on the admin dashboard; one write per site per interval;
 * hostile field values stored safely or ignored.
 */
const INTERVAL_S = 3;
const WP = ['6.4.3', '6.5.2', '6.5.5', '6.6.1'];
const PHP = ['7.4.33', '8.1.27', '8.2.12-1+deb12u1', '8.3.4'];
const VERSIONS = ['1.0.0', '1.1.0', '1.2.0'];
const LOCALES = ['zh_CN', 'en_US', 'de_DE'];
const minor = (v: string) => v.split('.').slice(0, 2).join('.');

interface Site {
  host: string;
  via: 'licence' | 'update';
  product: 'visual-editor' | 'minimal-theme';
  version: string;
  wp: string;
  php: string;
  locale: string;
  /** Days ago it was last seen (applied after the check-in). */
  age: number;
}

describe('install insights', () => {
  let running: RunningApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];
  const flush = () => running.app.get(InstallsService).flush();
  const rows = (where = 'true', params: unknown[] = []) =>
    em(running)
      .getConnection()
      .execute<Record<string, unknown>[]>(
        `select * from site_installs where ${where} order by host`,
        params,
        'all',
      );

  withFreshApp(
    { PLUGIN_RATE_LIMIT: '100000', INSIGHTS_WRITE_EVERY_SECONDS: String(INTERVAL_S) },
    async (app) => {
      running = app;
      base = app.url;
      admin = (await signIn(base, ADMIN_EMAIL)).agent;
    },
  );

  async function tokenOf(c: Awaited<ReturnType<typeof customer>>) {
    return (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
  }

  it('counts a simulated fleet of several hundred sites on the dashboard', async () => {
    const owner = await customer(base);
    await giveSeats(running, owner.userId, 'ultra', 3, {
      bound: ['https://lic0.fleet.example', 'https://lic1.fleet.example'],
    });
    const token = await tokenOf(owner);
    const ages = [0, 0, 3, 10, 20, 45, 100];
    const fleet: Site[] = [];
    for (let i = 0; i < 360; i++)
      fleet.push({
        host: i % 2 ? `lic${i}.fleet.example` : `upd${i}.fleet.example`,
        via: i % 2 ? 'licence' : 'update',
        product: i % 9 === 0 ? 'minimal-theme' : 'visual-editor',
        version: VERSIONS[i % 3],
        wp: WP[i % 4],
        php: PHP[(i >> 1) % 4],
        locale: LOCALES[i % 3],
        age: ages[i % 7],
      });
    // lic0/lic1 are the bound seats above: lic1 is in the fleet (odd), and checks in by licence.
    const send = (s: Site) =>
      s.via === 'licence'
        ? request(base)
            .post('/api/licenses/check')
            .set('Authorization', `Bearer ${token}`)
            .send({
              domain: `https://${s.host}`,
              product: s.product,
              kind: s.product === 'minimal-theme' ? 'theme' : 'plugin',
              version: s.version,
              wp_version: s.wp,
              php_version: s.php,
              locale: s.locale,
            })
            .expect(200)
        : request(base)
            .get(
              `/api/wp-updates/${s.product === 'minimal-theme' ? 'themes' : 'plugins'}/${s.product}/info`,
            )
            .query({
              installed_version: s.version,
              php: s.php,
              locale: s.locale,
              checking_for_updates: '1',
            })
            .set('User-Agent', `WordPress/${s.wp}; https://www.${s.host}/`)
            .expect(200);
    for (let i = 0; i < fleet.length; i += 20) await Promise.all(fleet.slice(i, i + 20).map(send));
    await flush();
    expect(await rows("host like '%.fleet.example'")).toHaveLength(fleet.length);
    // Time passes for some sites (the dashboard counts by when each was last seen).
    for (const age of new Set(ages))
      if (age)
        await em(running)
          .getConnection()
          .execute(
            `update site_installs set last_seen_at = now() - ? * interval '1 day' where host in (select jsonb_array_elements_text(?::jsonb))`,
            [age, JSON.stringify(fleet.filter((s) => s.age === age).map((s) => s.host))],
          );

    const body = (await admin.get('/api/admin/installs').expect(200)).body;
    expect(body.enabled).toBe(true);
    expect(body.stoppedAfterDays).toBe(30);
    for (const product of ['visual-editor', 'minimal-theme'] as const) {
      const mine = fleet.filter((s) => s.product === product);
      const week = mine.filter((s) => s.age <= 7);
      const month = mine.filter((s) => s.age <= 30);
      const p = body.products.find((x: { product: string }) => x.product === product);
      expect(p).toMatchObject({
        kind: product === 'minimal-theme' ? 'themes' : 'plugins',
        active7: week.length,
        active30: month.length,
        stopped: mine.length - month.length,
        total: mine.length,
      });
      const expected = (value: (s: Site) => string) => {
        const m = new Map<string, { active7: number; active30: number }>();
        for (const s of month) {
          const e = m.get(value(s)) ?? { active7: 0, active30: 0 };
          e.active30++;
          if (s.age <= 7) e.active7++;
          m.set(value(s), e);
        }
        return [...m].map(([v, c]) => ({ value: v, ...c }));
      };
      const sorted = (list: { value: string }[]) =>
        [...list].sort((a, b) => a.value.localeCompare(b.value));
      expect(sorted(p.versions)).toEqual(sorted(expected((s) => s.version)));
      expect(sorted(p.wordpress)).toEqual(sorted(expected((s) => minor(s.wp))));
      expect(sorted(p.php)).toEqual(sorted(expected((s) => minor(s.php))));
    }
    const stopped = fleet.filter((s) => s.age > 30);
    expect(body.stopped).toHaveLength(Math.min(50, stopped.length));
    for (const s of body.stopped as { host: string; lastSeenAt: string }[])
      expect(Date.now() - Date.parse(s.lastSeenAt)).toBeGreaterThan(30 * 86400_000);

    // The licence check links its sites to the customer, and the bound one to its seat.
    const sites = (await admin.get(`/api/admin/installs/customers/${owner.userId}`).expect(200))
      .body.sites as {
      host: string;
      userId: string;
      licenseId: string | null;
      wpVersion: string;
    }[];
    expect(sites).toHaveLength(Math.min(200, fleet.filter((s) => s.via === 'licence').length));
    const lic1 = (await rows(`host = 'lic1.fleet.example'`))[0];
    expect(lic1).toMatchObject({ user_id: owner.userId, wp_version: WP[1], locale: LOCALES[1] });
    expect(lic1.license_id).toEqual(expect.any(String));
    const mine = (await owner.agent.get('/api/installs/mine').expect(200)).body.sites;
    expect(mine.find((s: { host: string }) => s.host === 'lic1.fleet.example').licenseId).toBe(
      lic1.license_id,
    );
    // An update check without a code links nobody; the host came from the User-Agent (www. dropped).
    expect((await rows(`host = 'upd0.fleet.example'`))[0]).toMatchObject({
      user_id: null,
      wp_version: WP[0],
    });
    // Others see nothing of it.
    const other = await customer(base);
    expect((await other.agent.get('/api/installs/mine').expect(200)).body.sites).toEqual([]);
    await other.agent.get('/api/admin/installs').expect(403);
    await request(base).get('/api/admin/installs').expect(401);
  });

  it('writes a site at most once per interval, and again after it', async () => {
    const c = await customer(base);
    const token = await tokenOf(c);
    const check = (version: string) =>
      request(base)
        .post('/api/licenses/check')
        .set('Authorization', `Bearer ${token}`)
        .send({ domain: 'hourly.example', product: 'visual-editor', version, wp_version: '6.5' })
        .expect(200);
    await check('1.0.0');
    await flush();
    const first = (await rows(`host = 'hourly.example'`))[0];
    expect(first.product_version).toBe('1.0.0');
    await check('1.1.0');
    await flush();
    const second = (await rows(`host = 'hourly.example'`))[0];
    expect(second.product_version).toBe('1.0.0');
    expect(second.last_seen_at).toEqual(first.last_seen_at);
    await new Promise((r) => setTimeout(r, INTERVAL_S * 1000 + 100));
    await check('1.2.0');
    await flush();
    const third = (await rows(`host = 'hourly.example'`))[0];
    expect(third.product_version).toBe('1.2.0');
    expect(new Date(third.last_seen_at as string).getTime()).toBeGreaterThan(
      new Date(first.last_seen_at as string).getTime(),
    );
  });

  it('does not let a second instance write a site again within the interval', async () => {
    const store = running.app.get(InstallsStore);
    const at = Date.now();
    const checkIn = (version: string, seenAt: number) => ({
      kind: 'plugins' as const,
      product: 'visual-editor',
      host: 'two-instances.example',
      productVersion: version,
      wpVersion: null,
      phpVersion: null,
      locale: null,
      userId: null,
      licenseId: null,
      seenAt,
    });
    expect(await store.write([checkIn('1.0.0', at)], INTERVAL_S * 1000)).toBe(1);
    expect(await store.write([checkIn('1.1.0', at + 1000)], INTERVAL_S * 1000)).toBe(0);
    expect((await rows(`host = 'two-instances.example'`))[0].product_version).toBe('1.0.0');
    expect(await store.write([checkIn('1.2.0', at + INTERVAL_S * 1000)], INTERVAL_S * 1000)).toBe(
      1,
    );
    expect((await rows(`host = 'two-instances.example'`))[0].product_version).toBe('1.2.0');
  });

  it('ignores hostile or malformed fields and never refuses the plugin for them', async () => {
    const c = await customer(base);
    const token = await tokenOf(c);
    const hostile = [
      {
        host: 'h1.example',
        product: 'visual-editor',
        wp_version: "6.5'; drop table site_installs;--",
        php_version: '<script>alert(1)</script>',
        locale: 'zh_CN',
      },
      {
        host: 'h2.example',
        product: 'visual-editor',
        version: '9'.repeat(5000),
        locale: '../../etc/passwd',
        kind: 'plugin',
      },
      {
        host: 'h3.example',
        product: 'visual-editor',
        wp_version: 6.5,
        php_version: ['8.2'],
        locale: { x: 1 },
      },
      { host: 'h4.example', product: '<img src=x>', version: '1.0.0' },
      { host: 'h5.example', product: 'visual-editor', kind: 'module', version: '1.0.0' },
      { host: 'h6.example', product: 'visual-editor', locale: 'en_US\u202e', version: '１.0' },
    ];
    for (const { host, ...fields } of hostile) {
      const res = await request(base)
        .post('/api/licenses/check')
        .set('Authorization', `Bearer ${token}`)
        .send({ domain: host, ...fields })
        .expect(200);
      expect(res.body.domain).toBe(host);
    }
    // Form-encoded, as WordPress sends it.
    await request(base)
      .post('/api/licenses/check')
      .set('Authorization', `Bearer ${token}`)
      .type('form')
      .send({
        domain: 'h7.example',
        product: 'visual-editor',
        wp_version: '6.6.1',
        php_version: '8.3.4',
        locale: 'de_DE_formal',
      })
      .expect(200);
    // Update checks with hostile arguments and agents still answer.
    await request(base)
      .get('/api/wp-updates/plugins/visual-editor/info')
      .query({
        site: 'https://h8.example',
        installed_version: '<b>1</b>',
        php: "8'--",
        locale: 'x'.repeat(3000),
      })
      .set('User-Agent', 'WordPress/<svg onload=alert(1)>; https://evil.example')
      .expect(200);
    await request(base)
      .get('/api/wp-updates/plugins/visual-editor/info?installed_version=1&php=8.2')
      .set('User-Agent', 'WordPress/6.6; javascript:alert(1)')
      .expect(200);
    await flush();
    const stored = await rows(`host like 'h_.example'`);
    expect(stored.map((r) => r.host)).toEqual([
      'h1.example',
      'h2.example',
      'h3.example',
      'h6.example',
      'h7.example',
      'h8.example',
    ]);
    for (const r of stored.slice(0, 4))
      expect(r).toMatchObject({ wp_version: null, php_version: null, product_version: null });
    expect(stored[0].locale).toBe('zh_CN');
    expect(stored[1].locale).toBeNull();
    expect(stored[3].locale).toBeNull();
    expect(stored[4]).toMatchObject({
      wp_version: '6.6.1',
      php_version: '8.3.4',
      locale: 'de_DE_formal',
    });
    expect(stored[5]).toMatchObject({
      product_version: null,
      php_version: null,
      locale: null,
      wp_version: null,
    });
    // The table is still there, and only these rows came from the hostile calls.
    expect(await rows(`host = 'evil.example'`)).toEqual([]);
    // A field the SPEC does not know is still refused, as before.
    await request(base)
      .post('/api/licenses/check')
      .set('Authorization', `Bearer ${token}`)
      .send({ domain: 'h9.example', surprise: 1 })
      .expect(400);
    // An unknown code records nothing.
    await request(base)
      .post('/api/licenses/check')
      .set('Authorization', 'Bearer SK-not-a-code')
      .send({ domain: 'anon.example', product: 'visual-editor', version: '1.0.0' })
      .expect(200);
    await flush();
    expect(await rows(`host = 'anon.example'`)).toEqual([]);
  });
});
