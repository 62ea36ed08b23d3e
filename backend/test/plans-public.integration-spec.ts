import request from 'supertest';
import { type RunningApp, withFreshApp } from './support/app';
import { customer } from './support/customer';
import { giveSeats } from './support/factories';

/** GET /api/plans is public (the /pricing page): a visitor sees the catalogue, a session adds its state. */
describe('plans for visitors', () => {
  let running: RunningApp;
  let base: string;

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
  });

  it('answers a visitor without a session: prices, seats, nothing current', async () => {
    const res = await request(base).get('/api/plans').expect(200);
    expect(res.body.currentTier).toBeNull();
    expect(
      res.body.plans.map((p: { key: string; state: string; priceCents: number }) => [
        p.key,
        p.state,
        p.priceCents,
      ]),
    ).toEqual([
      ['basic', 'purchasable', 69900],
      ['vip', 'unavailable', 100000],
      ['pro', 'purchasable', 169900],
      ['ultra', 'purchasable', 998000],
    ]);
    expect(res.body.plans[2]).toMatchObject({ seatCount: 5, isPublic: true, isUpgrade: false });
  });

  it('still reads the session when there is one', async () => {
    const c = await customer(base);
    await giveSeats(running, c.userId, 'pro', 1);
    const res = await c.agent.get('/api/plans').expect(200);
    expect(res.body.currentTier).toBe('pro');
    expect(res.body.plans.map((p: { state: string }) => p.state)).toEqual([
      'included',
      'included',
      'current',
      'purchasable',
    ]);
  });

  it('ignores a forged or stale session cookie (a visitor, not a 401)', async () => {
    const res = await request(base)
      .get('/api/plans')
      .set('Cookie', 'seatkeeper.sid=s%3Aforged.signature')
      .expect(200);
    expect(res.body.currentTier).toBeNull();
  });
});
