import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type RunningApp, withFreshApp } from './support/app';
import { customer, errorOf, licenceCheck } from './support/customer';
import { em, giveSeats } from './support/factories';

/**
 * The console's seat rows (#28): a blank licence id is answered as the spec says, each seat carries the time
 * the plugin last checked it (written at most once a minute), and the seller's contact reaches the page.
 */
describe('console seat rows', () => {
  let running: RunningApp;
  let base: string;
  const dist = mkdtempSync(join(tmpdir(), 'seatkeeper-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><meta name="app-config" content="{}" /></head><body>app</body></html>',
  );
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  withFreshApp(
    { PLUGIN_RATE_LIMIT: '1000', FRONTEND_DIST: dist, SUPPORT_CONTACT: 'help@shop.example' },
    (app) => {
      running = app;
      base = app.url;
    },
  );

  it("answers a blank licence id with 400 'License ID is required', before looking for the seat", async () => {
    const { post, userId } = await customer(base);
    await giveSeats(running, userId, 'pro', 1);
    for (const blank of ['%20', '%20%20', '%09'])
      for (const prefix of ['/api/apitokens/licenses', '/apitokens/tokens/licenses']) {
        const res = await post(`${prefix}/${blank}/bind`).send({ websiteUrl: 'https://a.com' });
        expect([blank, res.status, res.body]).toEqual([
          blank,
          400,
          errorOf('License ID is required', 400, 'LICENSE_ID_REQUIRED'),
        ]);
      }
    // An id that is not blank but names no seat is still not found.
    expect(
      (
        await post('/api/apitokens/licenses/%20x/bind')
          .send({ websiteUrl: 'https://a.com' })
          .expect(404)
      ).body,
    ).toEqual(errorOf('License not found', 404, 'LICENSE_NOT_FOUND'));
  });

  it("lists each seat's last licence check, written at most once a minute and never as an edit", async () => {
    const { agent, userId } = await customer(base);
    const token = (await agent.get('/api/apitokens/token').expect(200)).body.plainToken as string;
    const [checked, quiet] = await giveSeats(running, userId, 'pro', 2, {
      bound: ['https://checked.example', 'https://quiet.example'],
    });
    const before = (await agent.get('/api/apitokens/licenses').expect(200)).body.licenses;
    expect(before.map((l: { lastCheckedAt: string | null }) => l.lastCheckedAt)).toEqual([
      null,
      null,
    ]);

    const started = Date.now();
    await licenceCheck(base, token, 'www.checked.example').expect(200);
    // The write is off the answer path: wait for it to land.
    let list: { id: string; lastCheckedAt: string | null; updatedAt: string }[] = [];
    for (let i = 0; i < 50; i++) {
      list = (await agent.get('/api/apitokens/licenses').expect(200)).body.licenses;
      if (list[0].lastCheckedAt) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const [first, second] = list;
    expect(first.id).toBe(checked.id);
    expect(new Date(first.lastCheckedAt!).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(first.updatedAt).toBe(before[0].updatedAt);
    expect(second).toMatchObject({ id: quiet.id, lastCheckedAt: null });

    // A minute's resolution: the next checks within the minute write nothing, on any instance (the
    // update is conditional on the stored time): a time set back 30 s stays as it is.
    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    await em(running)
      .getConnection()
      .execute('update licenses set last_checked_at = ? where id = ?', [
        thirtySecondsAgo,
        checked.id,
      ]);
    for (let i = 0; i < 5; i++) await licenceCheck(base, token, 'checked.example').expect(200);
    await new Promise((r) => setTimeout(r, 200));
    const [row] = await em(running)
      .getConnection()
      .execute('select last_checked_at from licenses where id = ?', [checked.id]);
    expect(new Date(row.last_checked_at).getTime()).toBe(thirtySecondsAgo.getTime());
  });

  it("gives the page the seller's contact (SUPPORT_CONTACT) in its public configuration", async () => {
    const res = await request(base).get('/dashboard').expect(200);
    expect(res.text).toContain('&quot;supportContact&quot;:&quot;help@shop.example&quot;');
  });
});
