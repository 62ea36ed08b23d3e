import request from 'supertest';
import { ADMIN_EMAIL, signIn, withFreshApp } from './support/app';
import type { RunningApp } from './support/app';
import { customer } from './support/customer';
import { em, giveSeats } from './support/factories';

type Agent = Awaited<ReturnType<typeof signIn>>['agent'];
interface SeatEvent {
  kind: string;
  by: string;
  actor: string | null;
  at: string;
  from: string | null;
  to: string | null;
  ip: string | null;
  changesLeft: number | null;
  reason: string | null;
}

/**
 * A seat's history (docs/rules.md, "Seat history"): every bind and rebind and the admin's domain edits are
 * recorded in the change's transaction with the client address (TRUST_PROXY=loopback: the address a proxy
 * forwards), and shown to the admin, the customer, the CSV and the JSON export.
 */
describe('seat history: binds, rebinds and admin edits with who, when, from, to and address', () => {
  let running: RunningApp;
  let base: string;
  let admin: Agent;

  withFreshApp({ TRUST_PROXY: 'loopback' }, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const sql = <T>(query: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(query, params);
  const bind = (agent: Agent, id: string, websiteUrl: string, ip: string) =>
    agent
      .post(`/api/apitokens/licenses/${id}/bind`)
      .set('Origin', base)
      .set('X-Forwarded-For', ip)
      .send({ websiteUrl });
  const adminEdit = (id: string, websiteUrl: string | null, ip: string) =>
    admin
      .patch(`/api/subscriptions/admin/subscriptions/licenses/${id}/domain`)
      .set('Origin', base)
      .set('X-Forwarded-For', ip)
      .send({ websiteUrl });
  const parseJsonb = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

  /** A customer with one Pro seat, bound, rebound to the same site, rebound elsewhere, then edited by support. */
  async function story() {
    const c = await customer(base);
    const [seat] = await giveSeats(running, c.userId, 'pro', 1);
    const tag = c.userId.slice(0, 8);
    const first = `https://first-${tag}.example`;
    const second = `https://second-${tag}.example`;
    const third = `https://third-${tag}.example`;
    expect((await bind(c.agent, seat.id, first, '198.51.100.1').expect(200)).body.action).toBe(
      'bound',
    );
    expect(
      (await bind(c.agent, seat.id, `${first}/`, '198.51.100.9').expect(200)).body.action,
    ).toBe('unchanged');
    expect((await bind(c.agent, seat.id, second, '198.51.100.2').expect(200)).body.action).toBe(
      'rebound',
    );
    await adminEdit(seat.id, third, '192.0.2.50').expect(200);
    return { c, seat, first, second, third };
  }

  it('records each bind and rebind in the audit log as agreed (actor: the e-mail, target: the seat id), not the same-domain one; the admin edit with its address', async () => {
    const { c, seat, first, second, third } = await story();
    const binds = await sql<{ actor: string; target: string; before: unknown; after: unknown }>(
      `select actor, target, before, after from audit_entries where action = 'license.bind' and target = ? order by created_at`,
      [seat.id],
    );
    expect(
      binds.map((b) => ({ ...b, before: parseJsonb(b.before), after: parseJsonb(b.after) })),
    ).toEqual([
      {
        actor: c.email,
        target: seat.id,
        before: { domain: null },
        after: { domain: first, ip: '198.51.100.1', changesLeft: 2 },
      },
      {
        actor: c.email,
        target: seat.id,
        before: { domain: first },
        after: { domain: second, ip: '198.51.100.2', changesLeft: 1 },
      },
    ]);
    const [edit] = await sql<{ actor: string; after: unknown }>(
      `select actor, after from audit_entries where action = 'license.domain' and target like ?`,
      [`${seat.id}%`],
    );
    expect(edit.actor).toBe(ADMIN_EMAIL);
    expect(parseJsonb(edit.after)).toEqual({ websiteUrl: third, ip: '192.0.2.50' });
  });

  it('records nothing when the bind is refused (no change left): the audit entry rolls back with it', async () => {
    const c = await customer(base);
    const [seat] = await giveSeats(running, c.userId, 'pro', 1, {
      bound: [`https://kept-${c.userId.slice(0, 8)}.example`],
      bindingChangesLeft: 0,
    });
    await bind(
      c.agent,
      seat.id,
      `https://other-${c.userId.slice(0, 8)}.example`,
      '198.51.100.3',
    ).expect(400);
    const [{ n }] = await sql<{ n: string | number }>(
      `select count(*) as n from audit_entries where action = 'license.bind' and target = ?`,
      [seat.id],
    );
    expect(Number(n)).toBe(0);
  });

  it("shows the history on the admin's customer page: who, when, from, to, address, in the seller's time zone", async () => {
    const { c, seat, first, second, third } = await story();
    const body = (await admin.get(`/api/admin/customers/${c.userId}`).expect(200)).body;
    expect(body.timeZone).toBe('Asia/Shanghai');
    const history = body.seats.find((s: { id: string }) => s.id === seat.id)
      .bindingHistory as SeatEvent[];
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'bind',
        by: 'customer',
        actor: c.email,
        from: null,
        to: first,
        ip: '198.51.100.1',
        changesLeft: 2,
      }),
      expect.objectContaining({
        kind: 'bind',
        by: 'customer',
        actor: c.email,
        from: first,
        to: second,
        ip: '198.51.100.2',
        changesLeft: 1,
      }),
      expect.objectContaining({
        kind: 'domain',
        by: 'admin',
        actor: ADMIN_EMAIL,
        from: second,
        to: third,
        ip: '192.0.2.50',
      }),
    ]);
    expect(history.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    // The customer's binds are among the audit entries about them too.
    expect(body.audit.map((e: { action: string }) => e.action)).toContain('license.bind');
  });

  it("shows the customer their own seat's history: their binds with their address, the store's edit without e-mail or address", async () => {
    const { c, seat, first, second, third } = await story();
    const res = await c.agent.get(`/api/apitokens/licenses/${seat.id}/history`).expect(200);
    expect(res.body).toEqual({
      licenseId: seat.id,
      seatIndex: seat.seatIndex,
      events: [
        expect.objectContaining({
          kind: 'bind',
          by: 'customer',
          from: null,
          to: first,
          ip: '198.51.100.1',
        }),
        expect.objectContaining({
          kind: 'bind',
          by: 'customer',
          from: first,
          to: second,
          ip: '198.51.100.2',
        }),
        {
          kind: 'domain',
          by: 'admin',
          actor: null,
          at: expect.any(String),
          from: second,
          to: third,
          ip: null,
          changesLeft: null,
          reason: null,
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain(ADMIN_EMAIL);
    // Not another customer's seat, nor anyone's without signing in; a bad id is a 404 with the code.
    const other = await customer(base);
    expect(
      (await other.agent.get(`/api/apitokens/licenses/${seat.id}/history`).expect(404)).body.code,
    ).toBe('LICENSE_NOT_FOUND');
    expect(
      (await other.agent.get(`/api/apitokens/licenses/not-a-uuid/history`).expect(404)).body.code,
    ).toBe('LICENSE_NOT_FOUND');
    await request(base).get(`/api/apitokens/licenses/${seat.id}/history`).expect(401);
    // The JSON export carries the same history.
    const data = (await c.agent.get('/api/account/export').expect(200)).body;
    const exported = data.seats.find((s: { id: string }) => s.id === seat.id).bindingHistory;
    expect(exported).toEqual(res.body.events);
  });

  it("exports the customer's seats and history as CSV in the admin's language, BOM first; admins only", async () => {
    const { c, seat, first, second } = await story();
    const csv = async (language: string) => {
      const res = await admin
        .get(`/api/admin/customers/${c.userId}/export.csv`)
        .set('Accept-Language', language)
        .buffer(true)
        .parse((r, done) => {
          const parts: Buffer[] = [];
          r.on('data', (b: Buffer) => parts.push(b));
          r.on('end', () => done(null, Buffer.concat(parts)));
        })
        .expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="customer-[A-Za-z0-9._-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      return (res.body as Buffer).toString('utf8');
    };
    const zh = await csv('zh-CN');
    expect(zh.startsWith('\uFEFF客户邮箱,座位,套餐')).toBe(true);
    const lines = zh.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 1 + 3); // header, the seat, its three events
    expect(lines[1]).toContain(`${c.email},1,Pro,有效,`);
    expect(lines[2]).toContain(`客户绑定,bind,`);
    expect(lines[2]).toContain(`,客户,${c.email},,${first},198.51.100.1,2,`);
    expect(lines[3]).toContain(`,${first},${second},198.51.100.2,1,`);
    expect(lines[4]).toContain(`管理员修改域名,domain,`);
    expect(lines[4]).toContain(`,管理员,${ADMIN_EMAIL},${second},`);
    expect(lines[4]).toContain('192.0.2.50');
    const en = await csv('en');
    expect(en).toContain('Customer e-mail,Seat,Plan');
    expect(en).toContain('Bound by the customer,bind');
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
    // Admins only; audited.
    await c.agent.get(`/api/admin/customers/${c.userId}/export.csv`).expect(403);
    await admin
      .get(`/api/admin/customers/00000000-0000-4000-8000-000000000000/export.csv`)
      .expect(404);
    const [exported] = await sql<{ actor: string }>(
      `select actor from audit_entries where action = 'customer.exported' and target = ?`,
      [c.email],
    );
    expect(exported.actor).toBe(ADMIN_EMAIL);
    void seat;
  });
});
