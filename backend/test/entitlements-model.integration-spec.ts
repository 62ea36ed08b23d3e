import { randomUUID } from 'node:crypto';
import fc, { type AsyncCommand } from 'fast-check';
import request from 'supertest';
import { EntitlementsService } from '../src/entitlements/entitlements.service';
import { CSV_COLUMNS } from '../src/orders/order-csv';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import { PAYMENT_GATEWAYS, type PaymentGateways } from '../src/payments/gateways/payment-gateway';
import { PaymentsService } from '../src/payments/payments.service';
import type { User } from '../src/users/user.entity';
import { ADMIN_EMAIL, signIn, startApp, TEST_SECRET, type RunningApp } from './support/app';
import { customer, licenceCheck } from './support/customer';
import { liveDashboard } from './support/dashboard-reference';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';
import { em } from './support/factories';
import { parseCsv } from './support/csv';

/**
 * The money path, model-based (docs/rules.md: "Paying an order", "Entitlements", "Refunds", "Customer
 * support", "Closing an account"). fast-check drives the real app, over HTTP (and the services where a
 * gateway has no route: a refund left open at the gateway and settled later, an order expiring), through
 * random sequences of purchases and upgrades (with or without a discount: an amount off one plan, one
 * making the order free, a percentage for every plan, once per customer; quoted first or not), payment
 * notices (once, twice, two at once, late, with the wrong amount), cancellations, expiries, refunds (once,
 * twice, two at once, two orders at once, a chain, one left open at the gateway then settled or refused),
 * binds (Max's growth), rebinds, VIP and admin grants, seat revocations, price edits and account closings,
 * with fresh customers each run. After every command the system is compared with a plain model of the
 * rules below, and with invariants that hold whatever the model says:
 *
 * 1. seats: the active seats are the model's (number, domain, tier, binding changes) and never more than
 *    what the standing orders in the database entitle to; the summary tier and the plan picker's current
 *    tier are the model's;
 * 2. the licence check: VALID exactly for a domain bound to an active seat of the list (and the model's);
 * 3. the ledger: every order of the customer, as the model has it (state, amount, flag, upgrade credit and
 *    the order it was priced against, a Max expansion's Max order); an order once refunded stays refunded;
 *    money in minus money out is what is still paid; no standing upgrade is priced against an order that
 *    no longer stands (refunds go latest first along an upgrade chain) and a refunded Max order's
 *    expansions are refunded;
 * 4. the admin orders list for the customer's e-mail: its totals are the model's;
 * and at the end of each run the CSV export agrees with the database for each customer, and the dashboard
 * (store-wide) with its reference SQL and with the all-time sum of the orders table.
 *
 * The last line logged counts the sequences and commands (shrinking included) and what they reached.
 * MODEL_RUNS and MODEL_MAX_COMMANDS size a run; a failure is replayed with its seed and path
 * (MODEL_SEED, MODEL_PATH: the `{ seed, path }` line) and its commands' replayPath (MODEL_REPLAY: the
 * `replayPath="..."` comment of the counterexample).
 */

type Agent = Awaited<ReturnType<typeof signIn>>['agent'];
type Tier = 'basic' | 'vip' | 'pro' | 'ultra';
type Buyable = 'basic' | 'pro' | 'ultra';
/**
 * The codes: none; 'some' and 'all' (an amount off one plan; 'all' makes any order free); 'percent' (a
 * percentage off, one code for every plan); 'once' (an amount off, several plans, once per customer).
 */
type DiscountKind = 'none' | 'some' | 'all' | 'percent' | 'once';

const RUNS = Number(process.env.MODEL_RUNS ?? 20);
const MAX_COMMANDS = Number(process.env.MODEL_MAX_COMMANDS ?? 40);
const SEED = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : undefined;
const REPLAY_PATH = process.env.MODEL_PATH || undefined;
const COMMANDS_REPLAY = process.env.MODEL_REPLAY || undefined;
const TIME_LIMIT_MS = 240_000;

// --- The rules, as the model reads them (docs/rules.md; numbers from docs, not from the code) -------------

const TIERS: Tier[] = ['basic', 'vip', 'pro', 'ultra'];
const RANK: Record<Tier, number> = { basic: 1, vip: 2, pro: 3, ultra: 4 };
/** Seats a plan gives (Max: to start with). */
const FIRST_SEATS: Record<Tier, number> = { basic: 1, vip: 2, pro: 5, ultra: 10 };
const MAX_SEATS = 100;
const GROWTH = 10;
const MIN_FREE = 2;
const BINDING_CHANGES = 2;
/** The discount codes this file creates once (cents off); 'all' makes any order free. */
const DISCOUNTS: Record<'some' | 'all' | 'once', Record<Buyable, number>> = {
  some: { basic: 10_000, pro: 30_000, ultra: 200_000 },
  all: { basic: 100_000_000, pro: 100_000_000, ultra: 100_000_000 },
  once: { basic: 5_000, pro: 5_000, ultra: 5_000 },
};
/** The percentage code's percent off (docs/rules.md: round(due × percent / 100), to the cent, half up). */
const PERCENT_OFF = 15;

type State = 'pending' | 'paid' | 'refunding' | 'refunded' | 'cancelled' | 'expired';
type Kind = 'purchase' | 'vip-grant' | 'admin-grant' | 'auto-expansion';

/** An order as the model knows it. */
interface MOrder {
  /** '' until the suite learns the number of an order the system made itself (a grant, an expansion). */
  orderId: string;
  kind: Kind;
  tier: Tier;
  state: State;
  /** The gateway refused its last refund (still paid). */
  refundFailed: boolean;
  amount: number;
  needsRefund: boolean;
  /** The tier held when it was priced (an upgrade's), or when it was granted. */
  fromTier: Tier | null;
  /** The order whose plan it was priced against (the model's own idea of it, at creation). */
  creditOrderId: string | null;
  /** The deduction it got for that plan (cents). */
  deduction: number;
  /** What its plan counts toward a later upgrade (cents). */
  creditValue: number;
  /** A Max expansion's Max order. */
  parentOrderId: string | null;
  seatCount: number;
  /** The discount code it was made with. */
  code: DiscountKind;
  /**
   * It holds a use of its code (docs/rules.md, "Discount codes"): from its creation; given back when it
   * ends unpaid or is paid but grants nothing; taken again by a late payment that grants; kept by a refund.
   */
  holdsUse: boolean;
  /** Recorded as free (no gateway): a sale whose amount was 0 after its discount. */
  free: boolean;
  /** The model's clock when it was paid. */
  paidAt: number | null;
}

interface MSeat {
  index: number;
  url: string | null;
  revoked: boolean;
  changesLeft: number;
  tier: Tier;
}

interface MCustomer {
  slot: number;
  email: string;
  userId: string;
  deleted: boolean;
  vipListed: boolean;
  orders: MOrder[];
  seats: MSeat[];
  /** Every site ever bound (checked after every command). */
  urls: string[];
}

interface Model {
  customers: MCustomer[];
  prices: Record<Tier, number>;
  clock: number;
}

interface Holding {
  tier: Tier | null;
  seats: number;
  plan: MOrder | null;
  credit: number;
}

/** Paid (or refunding: the money is still the seller's) and not flagged as granting nothing. */
const stands = (o: Pick<MOrder, 'state' | 'needsRefund'>) =>
  (o.state === 'paid' || o.state === 'refunding') && !o.needsRefund;
const wasPaid = (o: MOrder) =>
  o.state === 'paid' || o.state === 'refunding' || o.state === 'refunded';

/** The highest standing tier and its seats: Max's first 10 plus its own standing expansions, up to 100. */
function holding(orders: readonly MOrder[]): Holding {
  let plan: MOrder | null = null;
  for (const o of orders) {
    if (!stands(o) || o.kind === 'auto-expansion') continue;
    if (
      !plan ||
      RANK[o.tier] > RANK[plan.tier] ||
      (RANK[o.tier] === RANK[plan.tier] && (o.paidAt ?? 0) > (plan.paidAt ?? 0))
    )
      plan = o;
  }
  if (!plan) return { tier: null, seats: 0, plan: null, credit: 0 };
  let seats = FIRST_SEATS[plan.tier];
  if (plan.tier === 'ultra') {
    const planId = plan.orderId;
    const grown = orders
      .filter((o) => o.kind === 'auto-expansion' && stands(o) && o.parentOrderId === planId)
      .reduce((sum, o) => sum + o.seatCount, 0);
    seats = Math.min(MAX_SEATS, seats + grown);
  }
  return { tier: plan.tier, seats, plan, credit: plan.creditValue };
}

/**
 * Seats follow what stands: beyond it, held seats are revoked (unbound first, then the highest numbers);
 * the rest move to the tier; a grant gives new seats (`give`: 'fill' up to what stands, or that many),
 * reusing revoked rows (lowest numbers first) without their old domain.
 */
function reconcile(c: MCustomer, give: 'fill' | number, resetChanges = false) {
  const held = holding(c.orders);
  const active = c.seats.filter((s) => !s.revoked);
  const renewable = c.seats.filter((s) => s.revoked).sort((a, b) => a.index - b.index);
  const excess = Math.max(0, active.length - held.seats);
  const revoke = [...active]
    .sort((a, b) => Number(!!a.url) - Number(!!b.url) || b.index - a.index)
    .slice(0, excess);
  for (const s of revoke) s.revoked = true;
  if (!held.tier) return;
  const kept = active.filter((s) => !revoke.includes(s));
  for (const s of kept) {
    s.tier = held.tier;
    if (resetChanges) s.changesLeft = BINDING_CHANGES;
  }
  const missing = Math.max(0, held.seats - kept.length);
  const count = Math.min(missing, give === 'fill' ? missing : Math.max(0, give));
  const firstNew = Math.max(0, ...c.seats.map((s) => s.index)) + 1;
  const renew = renewable.slice(0, count);
  for (const s of renew)
    Object.assign(s, { revoked: false, url: null, changesLeft: BINDING_CHANGES, tier: held.tier });
  for (let i = 0; i < count - renew.length; i++)
    c.seats.push({
      index: firstNew + i,
      url: null,
      revoked: false,
      changesLeft: BINDING_CHANGES,
      tier: held.tier,
    });
}

/** The standing orders priced against `o`, directly or through one another, latest first. */
function laterUpgrades(c: MCustomer, o: MOrder): MOrder[] {
  const found: MOrder[] = [];
  let frontier = [o.orderId];
  while (frontier.length) {
    const next = c.orders.filter(
      (x) =>
        stands(x) &&
        x.creditOrderId !== null &&
        frontier.includes(x.creditOrderId) &&
        !found.includes(x),
    );
    found.push(...next);
    frontier = next.map((x) => x.orderId);
  }
  return found.sort((a, b) => (b.paidAt ?? 0) - (a.paidAt ?? 0));
}

/** Whether a payment of `o` grants what it was priced for, decided against what the customer holds now. */
function grants(c: MCustomer, o: MOrder): boolean {
  if (c.deleted) return false; // a kept order of a closed account grants nothing
  const held = holding(c.orders);
  if (held.tier && RANK[held.tier] >= RANK[o.tier]) return false;
  if (o.fromTier !== held.tier) return false;
  // Priced against a plan whose refund is in progress: that money is on its way back.
  if (held.plan && o.fromTier && held.plan.state === 'refunding') return false;
  if (
    held.plan &&
    o.creditOrderId &&
    (o.creditOrderId !== held.plan.orderId || o.deduction > held.credit)
  )
    return false;
  return true;
}

/** The customer holds a use of the once-per-customer code (other than `except`'s). */
const holdsOnce = (c: MCustomer, except?: (o: MOrder) => boolean) =>
  c.orders.some((x) => x.code === 'once' && x.holdsUse && !except?.(x));

/** A payment of the order's amount reaches us: recorded once (a redelivery changes nothing). */
function pay(m: Model, c: MCustomer, o: MOrder): 'already-paid' | 'fulfilled' | 'needs-refund' {
  if (wasPaid(o)) return 'already-paid';
  let grant = grants(c, o);
  if (grant && o.state !== 'pending' && o.code !== 'none') {
    // Its use was given back when it ended: the payment takes it again, a once-per-customer code only
    // while the customer holds no other use of it.
    if (o.code === 'once' && holdsOnce(c)) grant = false;
    else o.holdsUse = true;
  }
  if (!grant && o.state === 'pending') o.holdsUse = false;
  o.state = 'paid';
  o.paidAt = ++m.clock;
  o.needsRefund = !grant;
  if (grant) reconcile(c, 'fill');
  return grant ? 'fulfilled' : 'needs-refund';
}

type Priced =
  | {
      ok: true;
      targetPrice: number;
      deduction: number;
      discountAmount: number;
      amount: number;
      fromTier: Tier | null;
      creditOrderId: string | null;
    }
  | { ok: false; code: string };

/** Today's price of the target, less the current plan's recorded price, then the discount. */
function priceOf(m: Model, c: MCustomer, tier: Buyable, discount: DiscountKind): Priced {
  const held = holding(c.orders);
  if (held.tier === tier) return { ok: false, code: 'PLAN_ALREADY_OWNED' };
  if (held.tier && RANK[held.tier] > RANK[tier]) return { ok: false, code: 'PLAN_INCLUDED' };
  const targetPrice = m.prices[tier];
  const deduction = held.tier ? Math.min(Math.max(0, held.credit), targetPrice) : 0;
  const subtotal = targetPrice - deduction;
  // An order replaces the customer's pending one (giving its use back): the others count.
  if (discount === 'once' && holdsOnce(c, (x) => x.state === 'pending'))
    return { ok: false, code: 'DISCOUNT_ALREADY_USED' };
  const discountAmount =
    discount === 'none'
      ? 0
      : discount === 'percent'
        ? Math.min(subtotal, Math.floor((subtotal * PERCENT_OFF + 50) / 100))
        : Math.min(subtotal, DISCOUNTS[discount][tier]);
  return {
    ok: true,
    targetPrice,
    deduction,
    discountAmount,
    amount: subtotal - discountAmount,
    fromTier: held.tier,
    creditOrderId: held.tier ? held.plan!.orderId : null,
  };
}

type RefundDecision =
  | { status: 200; kind: 'refund' | 'current' }
  | { status: 409; code: string; refundFirst?: string; chain?: string[] };

/** What an admin's refund request finds (nothing changed yet). */
function refundDecision(c: MCustomer, o: MOrder): RefundDecision {
  if (o.state === 'refunded' || o.state === 'refunding') return { status: 200, kind: 'current' };
  if (o.state !== 'paid' || o.amount < 0 || o.kind !== 'purchase')
    return { status: 409, code: 'ORDER_NOT_REFUNDABLE' };
  if (stands(o)) {
    const later = laterUpgrades(c, o);
    if (later.length)
      return {
        status: 409,
        code: 'REFUND_LATER_UPGRADE_FIRST',
        refundFirst: later[0].orderId,
        chain: [...later.map((x) => x.orderId), o.orderId],
      };
  }
  return { status: 200, kind: 'refund' };
}

/**
 * A refund succeeded: the upgrades priced against the order that got paid meanwhile (while its refund was
 * open, or after the gateway first refused it) are flagged, the order and a Max order's standing expansions
 * refunded, and the seats brought to what still stands.
 */
function refunded(c: MCustomer, o: MOrder) {
  for (const dependent of laterUpgrades(c, o)) dependent.needsRefund = true;
  o.state = 'refunded';
  o.refundFailed = false;
  if (o.tier === 'ultra')
    for (const e of c.orders)
      if (e.kind === 'auto-expansion' && e.parentOrderId === o.orderId && e.state === 'paid')
        e.state = 'refunded';
  reconcile(c, 0);
}

/** Notes what a refund request met (before it changes the model). */
function noteRefund(c: MCustomer, o: MOrder, d: RefundDecision, how: string) {
  if (d.status === 409) return note(`${how} refused (${d.code})`);
  if (d.kind === 'current') return note(`${how} of an order ${o.state}`);
  const grown = c.orders.some((e) => e.parentOrderId === o.orderId && e.state === 'paid');
  const flagged = o.needsRefund ? ' (flagged)' : '';
  note(
    `${how} done${grown ? ' (a grown Max)' : ''}${flagged}${c.deleted ? ' (closed account)' : ''}`,
  );
}

/** What the order's status reads as over HTTP. */
const httpStatus = (o: MOrder) => (o.state === 'refunding' ? 'paid' : o.state);

/** A refund through the sandbox (which refunds at once): the status code and the order's status after. */
function refundNow(
  c: MCustomer,
  o: MOrder,
): { status: number; code?: string; orderStatus?: string } {
  const d = refundDecision(c, o);
  if (d.status === 409) return { status: 409, code: d.code };
  if (d.kind === 'refund') refunded(c, o);
  return { status: 200, orderStatus: httpStatus(o) };
}

/** A price list keeps the ranks' order: each plan costs more than every lower-ranked one. */
const breaksRank = (prices: Record<Tier, number>) =>
  TIERS.some((t, i) => i > 0 && prices[t] <= prices[TIERS[i - 1]]);

const clone = <T>(value: T): T => structuredClone(value);

// --- The app and its clients --------------------------------------------------------------------------

interface RealCustomer {
  agent: Agent;
  post: (path: string) => ReturnType<Agent['post']>;
  token: string | null;
  /** Every order the database has shown refunded: it stays refunded (nothing leaves that state). */
  refunded: Set<string>;
  /** Seat ids by seat number, as the last licence list gave them. */
  seatIds: Map<number, string>;
}

interface AdminPlan {
  tier: Tier;
  priceCents: number;
  names: { 'zh-CN': string; en: string };
  descriptions: { 'zh-CN': string; en: string };
  badge: { 'zh-CN': string; en: string } | null;
  badgeEndsAt: string | null;
  shown: boolean;
  sortOrder: number;
}

interface Real {
  customers: RealCustomer[];
  plans: Record<Tier, AdminPlan>;
  startPrices: Record<Tier, number>;
}

interface LedgerRow {
  order_id: string;
  tier: Tier;
  status: string;
  refund_status: string | null;
  needs_refund: boolean;
  amount: number;
  payment_method: string | null;
  payment_gateway: string;
  upgraded_from_tier: Tier | null;
  upgrade_credit: number;
  credit_value: number;
  seat_count: number;
  parent_number: string | null;
  credit_number: string | null;
  owner_email: string;
  paid_at: string | Date | null;
  discount_code: string | null;
  holds_use: boolean;
}

interface Seat {
  id: string;
  seatIndex: number;
  tier: Tier;
  status: string;
  websiteUrl: string | null;
  bindingChangesLeft: number;
  revokedAt: string | null;
}

let db: TestDatabase;
let running: RunningApp;
let base: string;
let admin: Agent;
const sandbox = new SandboxGateway(TEST_SECRET);
/** requestRefund only reads the admin's e-mail. */
const ADMIN_USER = { email: ADMIN_EMAIL } as User;
const CODES: Record<Exclude<DiscountKind, 'none'>, Record<Buyable, string>> = {
  some: { basic: '', pro: '', ultra: '' },
  all: { basic: '', pro: '', ultra: '' },
  percent: { basic: '', pro: '', ultra: '' },
  once: { basic: '', pro: '', ultra: '' },
};
/** A code back to its kind. */
const codeKind = (code: string | null): DiscountKind =>
  (Object.keys(CODES) as Exclude<DiscountKind, 'none'>[]).find((k) =>
    Object.values(CODES[k]).includes(code ?? ''),
  ) ?? 'none';
let runTag = '';
let sites = 0;
/** Every order number a gateway was asked about (create, close, query, refund): never a free order's. */
const askedGateways = new Set<string>();

const stats = {
  runs: 0,
  commands: 0,
  longestMs: 0,
  byCommand: new Map<string, number>(),
  /** What the sequences reached (printed at the end: what was covered). */
  seen: new Map<string, number>(),
};
const note = (event: string) => stats.seen.set(event, (stats.seen.get(event) ?? 0) + 1);

const adminPost = (path: string) => admin.post(path).set('Origin', base);
const notify = (params: Record<string, string>) =>
  request(base).post('/api/payments/notify/sandbox').type('form').send(params);
const refundHttp = (orderId: string) =>
  adminPost(`/api/admin/orders/${orderId}/refund`).send({ reason: 'model' });
/** The webhook endpoints the suite made (verifyWebhookEvents). */
const webhookEndpoints: string[] = [];
const sql = <T>(query: string, params: unknown[] = []) =>
  em(running).getConnection().execute<T[]>(query, params);
/** A labelled comparison: the failure names the invariant. */
const same = (invariant: string, actual: unknown, expected: unknown) =>
  expect({ invariant, value: actual }).toEqual({ invariant, value: expected });

// --- The invariants -------------------------------------------------------------------------------------

const stateOfRow = (r: LedgerRow): State =>
  r.status === 'paid' && (r.refund_status === 'requested' || r.refund_status === 'pending')
    ? 'refunding'
    : (r.status as State);
const kindOfRow = (r: LedgerRow): Kind =>
  r.payment_gateway === 'internal' ? (r.payment_method as Kind) : 'purchase';

/** A database order as the model's rules read it. */
const orderOfRow = (r: LedgerRow): MOrder => ({
  orderId: r.order_id,
  kind: kindOfRow(r),
  tier: r.tier,
  state: stateOfRow(r),
  refundFailed: r.status === 'paid' && r.refund_status === 'failed',
  amount: Number(r.amount),
  needsRefund: r.needs_refund,
  fromTier: r.upgraded_from_tier,
  creditOrderId: r.credit_number,
  deduction: Number(r.upgrade_credit),
  creditValue: Number(r.credit_value),
  parentOrderId: r.parent_number,
  seatCount: Number(r.seat_count),
  code: codeKind(r.discount_code),
  holdsUse: Boolean(r.holds_use),
  free: r.payment_gateway === 'free',
  paidAt: r.paid_at ? new Date(r.paid_at).getTime() : null,
});

/** What is compared of an order (the model's clock is its own). */
const orderView = ({ paidAt: _clock, ...o }: MOrder) => o;
const byNumber = (a: { orderId: string }, b: { orderId: string }) =>
  a.orderId.localeCompare(b.orderId);

async function ledgerRows(c: MCustomer): Promise<LedgerRow[]> {
  const known = c.orders.map((o) => o.orderId).filter(Boolean);
  return sql<LedgerRow>(
    `select o.order_id, o.subscription_tier as tier, o.status, o.refund_status, o.needs_refund, o.amount,
       o.payment_method, o.payment_gateway, o.upgraded_from_tier, o.upgrade_credit, o.credit_value,
       o.seat_count, p.order_id as parent_number, k.order_id as credit_number, u.email as owner_email,
       o.paid_at, o.discount_code,
       exists (select 1 from discount_uses du where du.order_number = o.order_id) as holds_use
     from orders o join users u on u.id = o.user_id
       left join orders p on p.id = o.parent_order_id left join orders k on k.id = o.credit_order_id
     where o.user_id = ?${known.length ? ` or o.order_id in (${known.map(() => '?').join(', ')})` : ''}
     order by o.created_at, o.id`,
    [c.userId, ...known],
  );
}

/** Gives the orders the system made itself (grants, expansions) their numbers; any other is a stranger. */
function identify(c: MCustomer, rows: LedgerRow[]) {
  const known = new Set(c.orders.map((o) => o.orderId));
  for (const row of rows.filter((r) => !known.has(r.order_id))) {
    const o = c.orders.find((x) => !x.orderId && x.kind === kindOfRow(row));
    same(
      'ledger: an order the model did not make',
      `${row.order_id} (${kindOfRow(row)})`,
      o ? `${row.order_id} (${o.kind})` : 'none',
    );
    o!.orderId = row.order_id;
  }
  same(
    'ledger: orders the system did not make',
    c.orders.filter((o) => !o.orderId).map((o) => o.kind),
    [],
  );
}

async function tokenOf(rc: RealCustomer): Promise<string> {
  rc.token ??= (await rc.agent.get('/api/apitokens/token').expect(200)).body.plainToken as string;
  return rc.token!;
}

const licenceCheckOf = async (token: string, host: string) =>
  (await licenceCheck(base, token, host).expect(200)).body as { valid: boolean; code: string };

async function verifyCustomer(m: Model, r: Real, slot: number) {
  const c = m.customers[slot];
  const rc = r.customers[slot];
  const rows = await ledgerRows(c);
  identify(c, rows);

  // 3. The ledger is the model's; the money adds up; refunds went latest first.
  const ledger = rows.map(orderOfRow);
  same('ledger', ledger.map(orderView).sort(byNumber), c.orders.map(orderView).sort(byNumber));
  same(
    'no gateway is asked about a free order (docs/payments.md, "Free orders")',
    ledger.filter((o) => o.free && askedGateways.has(o.orderId)).map((o) => o.orderId),
    [],
  );
  same(
    'ledger: the orders belong to the customer (a placeholder once the account is closed)',
    rows.map((row) =>
      c.deleted
        ? /^deleted-.*@deleted\.invalid$/.test(row.owner_email)
        : row.owner_email === c.email,
    ),
    rows.map(() => true),
  );
  same(
    'nothing leaves refunded',
    [...rc.refunded].filter((id) => ledger.find((o) => o.orderId === id)?.state !== 'refunded'),
    [],
  );
  for (const o of ledger) if (o.state === 'refunded') rc.refunded.add(o.orderId);
  const sales = ledger.filter((o) => o.kind === 'purchase');
  const moneyIn = sales.filter(wasPaid).reduce((s, o) => s + o.amount, 0);
  const moneyOut = sales.filter((o) => o.state === 'refunded').reduce((s, o) => s + o.amount, 0);
  const kept = sales.filter((o) => o.state === 'paid' || o.state === 'refunding');
  same(
    'money: in − out is what is still paid',
    moneyIn - moneyOut,
    kept.reduce((s, o) => s + o.amount, 0),
  );
  const byId = new Map(ledger.map((o) => [o.orderId, o]));
  same(
    'refunds latest first: no standing upgrade is priced against an order that no longer stands',
    ledger
      .filter((o) => stands(o) && o.creditOrderId && !stands(byId.get(o.creditOrderId)!))
      .map(
        (o) =>
          `${o.orderId} (${o.tier}) on ${o.creditOrderId} (${byId.get(o.creditOrderId!)!.state})`,
      ),
    [],
  );
  same(
    "a refunded Max order's expansions are refunded with it",
    ledger
      .filter((o) => o.kind === 'auto-expansion' && o.state !== 'refunded')
      .filter((o) => byId.get(o.parentOrderId!)?.state === 'refunded')
      .map((o) => o.orderId),
    [],
  );

  // 4. The admin's orders list for the e-mail.
  const list = (
    await admin.get('/api/admin/orders').query({ q: c.email, pageSize: 50 }).expect(200)
  ).body as {
    items: { orderId: string; status: string }[];
    paidTotal: number;
    refundedTotal: number;
    netTotal: number;
  };
  const modelSales = c.orders.filter((o) => o.kind === 'purchase');
  const paidTotal = modelSales.filter(wasPaid).reduce((s, o) => s + o.amount, 0);
  const refundedTotal = modelSales
    .filter((o) => o.state === 'refunded')
    .reduce((s, o) => s + o.amount, 0);
  same(
    'admin orders list',
    {
      items: list.items.map((i) => `${i.orderId} ${i.status}`).sort(),
      paidTotal: list.paidTotal,
      refundedTotal: list.refundedTotal,
      netTotal: list.netTotal,
    },
    c.deleted
      ? { items: [], paidTotal: 0, refundedTotal: 0, netTotal: 0 }
      : {
          items: c.orders.map((o) => `${o.orderId} ${httpStatus(o)}`).sort(),
          paidTotal,
          refundedTotal,
          netTotal: paidTotal - refundedTotal,
        },
  );

  if (c.deleted) {
    // A closed account: no user, no seats, its code answers nothing.
    const [{ users, seats }] = await sql<{ users: number; seats: number }>(
      `select (select count(*) from users where id = ?)::int as users,
              (select count(*) from licenses where user_id = ?)::int as seats`,
      [c.userId, c.userId],
    );
    same('a closed account keeps nothing', { users, seats }, { users: 0, seats: 0 });
    if (rc.token)
      for (const url of c.urls)
        same(
          `licence check ${url} after closing`,
          (await licenceCheckOf(rc.token, hostOf(url))).code,
          'TOKEN_INVALID',
        );
    return;
  }

  // 1. Seats: the model's, never beyond what the standing orders (as the database has them) entitle to.
  const held = holding(c.orders);
  const listed = (await rc.agent.get('/api/apitokens/licenses').expect(200)).body as {
    licenses: Seat[];
    summary: { tier: Tier | null };
  };
  rc.seatIds = new Map(listed.licenses.map((s) => [s.seatIndex, s.id]));
  const active = listed.licenses.filter((s) => s.status !== 'revoked');
  const entitled = holding(ledger).seats;
  same(
    'seats: active ≤ what the standing orders entitle to',
    active.length <= entitled ? 'within' : `${active.length} > ${entitled}`,
    'within',
  );
  same(
    'seats',
    listed.licenses.map((s) => ({
      index: s.seatIndex,
      url: s.websiteUrl,
      revoked: s.revokedAt !== null,
      changesLeft: s.bindingChangesLeft,
      tier: s.tier,
    })),
    [...c.seats].sort((a, b) => a.index - b.index),
  );
  same('tier (seat summary)', listed.summary.tier, active.length ? held.tier : null);
  const picker = (await rc.agent.get('/api/plans').expect(200)).body as {
    currentTier: Tier | null;
  };
  same('tier (plan picker)', picker.currentTier, held.tier);

  // 2. The licence check: VALID exactly for a domain bound to an active seat.
  if (c.urls.length) {
    const token = await tokenOf(rc);
    for (const url of c.urls) {
      const seat = c.seats.find((s) => s.url === url);
      const expected = !seat ? 'DOMAIN_NOT_BOUND' : seat.revoked ? 'LICENSE_REVOKED' : 'VALID';
      const answer = await licenceCheckOf(token, hostOf(url));
      same(`licence check ${url}`, answer.code, expected);
      same(
        `licence check ${url}: VALID only for an active seat of the list`,
        answer.valid,
        active.some((s) => s.websiteUrl === url),
      );
    }
  }
}

const hostOf = (url: string) => url.replace(/^https?:\/\//, '');

const yuan = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The CSV's order number, amount and raw status columns. */
const CSV_AMOUNT = CSV_COLUMNS.indexOf('amount');
const CSV_STATUS_CODE = CSV_COLUMNS.indexOf('statusCode');

/** The end of a run: every customer again, the CSV export per customer, the store-wide dashboard. */
/**
 * Webhooks (docs/webhooks.md): for each of the two endpoints subscribed to them, exactly one order.paid per
 * order a payment reached and one order.refunded per completed refund, whatever the repeats.
 */
async function verifyWebhookEvents() {
  const expected = async (where: string) =>
    (
      await sql<{ order_id: string }>(
        `select order_id from orders where payment_gateway <> 'internal' and ${where}`,
      )
    )
      .map((o) => o.order_id)
      .sort();
  const queued = async (endpointId: string, type: string) =>
    (
      await sql<{ payload: string }>(
        `select payload from webhook_deliveries where endpoint_id = ? and event_type = ?`,
        [endpointId, type],
      )
    )
      .map((d) => (JSON.parse(d.payload) as { data: { orderId: string } }).data.orderId)
      .sort();
  const paid = await expected(`paid_at is not null`);
  const refunded = await expected(`status = 'refunded'`);
  for (const endpointId of webhookEndpoints) {
    same('webhooks: one order.paid per paid order', await queued(endpointId, 'order.paid'), paid);
    same(
      'webhooks: one order.refunded per refund',
      await queued(endpointId, 'order.refunded'),
      refunded,
    );
  }
}

async function verifyRun(m: Model, r: Real) {
  for (const c of m.customers) await verifyCustomer(m, r, c.slot);
  await verifyWebhookEvents();
  for (const c of m.customers) {
    const res = await admin
      .get('/api/admin/orders/export.csv')
      .query({ q: c.email })
      .buffer(true)
      .parse((response, callback) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => callback(null, text));
      })
      .expect(200);
    const [, ...lines] = parseCsv((res.body as string).replace(/^\uFEFF/, ''));
    const rows = c.deleted
      ? []
      : await sql<{ order_id: string; amount: number; status: string }>(
          `select order_id, amount, status from orders where user_id = ?`,
          [c.userId],
        );
    same(
      `CSV export for ${c.email}`,
      lines.map((l) => `${l[0]} ${l[CSV_AMOUNT]} ${l[CSV_STATUS_CODE]}`).sort(),
      rows.map((o) => `${o.order_id} ${yuan(Number(o.amount))} ${o.status}`).sort(),
    );
  }
  const { generatedAt, ...dashboard } = (await admin.get('/api/admin/dashboard').expect(200))
    .body as { generatedAt: string; periods: { key: string; current: { revenue: number } }[] };
  same(
    'dashboard = its reference SQL',
    dashboard,
    await liveDashboard(em(running), running.config.sellerTimeZone, new Date(generatedAt)),
  );
  const [sum] = await sql<{ paid: string | number; refunded: string | number }>(
    `select coalesce(sum(amount) filter (where status in ('paid', 'refunded') and payment_gateway <> 'internal' and paid_at is not null), 0)::bigint as paid,
            coalesce(sum(amount) filter (where status = 'refunded' and refunded_at is not null), 0)::bigint as refunded
     from orders`,
  );
  same(
    'dashboard: all-time revenue = the orders table',
    dashboard.periods.find((p) => p.key === 'all')!.current.revenue,
    Number(sum.paid) - Number(sum.refunded),
  );
}

// --- The commands ---------------------------------------------------------------------------------------

/** A command on the real system: act, update the model, then check the customers it touched. */
abstract class Step implements AsyncCommand<Model, Real> {
  abstract readonly name: string;
  abstract check(m: Readonly<Model>): boolean;
  abstract toString(): string;
  /** Answers the customers to check. */
  protected abstract act(m: Model, r: Real): Promise<number[]>;
  async run(m: Model, r: Real) {
    const touched = await this.act(m, r);
    stats.commands++;
    stats.byCommand.set(this.name, (stats.byCommand.get(this.name) ?? 0) + 1);
    for (const slot of touched) await verifyCustomer(m, r, slot);
  }
}

const live = (m: Readonly<Model>, slot: number) => !m.customers[slot].deleted;
const purchases = (c: MCustomer) => c.orders.filter((o) => o.kind === 'purchase' && o.orderId);
const latestPending = (c: MCustomer) =>
  [...c.orders].reverse().find((o) => o.state === 'pending') ?? null;
/** `pick` < 0: the latest pending order; else one of the customer's purchases. */
const purchaseAt = (c: MCustomer, pick: number) => {
  const list = purchases(c);
  return pick < 0 ? latestPending(c) : list.length ? list[pick % list.length] : null;
};
/** 'sale': a paid (or refunded) sale of the customer; 'any': any order (most are not refundable). */
type Scope = 'sale' | 'any';
const ordersIn = (c: MCustomer, scope: Scope) =>
  scope === 'sale' ? purchases(c).filter(wasPaid) : c.orders.filter((o) => o.orderId);
const describeOrder = (o: MOrder) =>
  `${o.orderId} (${o.tier}, ${o.state}${o.needsRefund ? ', flagged' : ''})`;

class Buy extends Step {
  readonly name = 'buy';
  constructor(
    readonly slot: number,
    /** 'up': the next plan on sale above the current one (Max when there is none: refused). */
    readonly target: Buyable | 'up',
    readonly discount: DiscountKind,
    readonly quoteFirst: boolean,
    /** Paid at once (the customer scans the QR code), as most orders are. */
    readonly payNow: boolean,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return live(m, this.slot);
  }
  protected async act(m: Model, r: Real) {
    const c = m.customers[this.slot];
    const rc = r.customers[this.slot];
    const current = holding(c.orders).tier;
    const tier =
      this.target !== 'up'
        ? this.target
        : ((['basic', 'pro', 'ultra'] as const).find((t) => !current || RANK[t] > RANK[current]) ??
          'ultra');
    const expected = priceOf(m, c, tier, this.discount);
    const body = {
      subscriptionTier: tier,
      ...(this.discount === 'none' ? {} : { discountCode: CODES[this.discount][tier] }),
    };
    let quoted: number | null = null;
    if (this.quoteFirst) {
      const q = await rc.post('/api/payments/quote').send(body);
      if (!expected.ok) {
        same('quote refused', [q.status, q.body.code], [400, expected.code]);
      } else {
        same(
          'quote',
          { status: q.status, ...q.body },
          {
            status: 200,
            subscriptionTier: tier,
            fromTier: expected.fromTier,
            targetPrice: expected.targetPrice,
            originalPrice: expected.deduction,
            discountAmount: expected.discountAmount,
            discountCode: this.discount === 'none' ? null : CODES[this.discount][tier],
            amount: expected.amount,
            free: expected.amount === 0,
          },
        );
        quoted = q.body.amount as number;
      }
    }
    const res = await rc.post('/api/payments/create').send({ ...body, paymentMethod: 'sandbox' });
    if (!expected.ok) {
      note(`order refused (${expected.code})`);
      same('order refused', [res.status, res.body.code], [400, expected.code]);
      return [this.slot];
    }
    same('order', [res.status, res.body.amount], [200, expected.amount]);
    if (quoted !== null) same('quote = order', res.body.amount, quoted);
    for (const o of c.orders)
      if (o.state === 'pending') Object.assign(o, { state: 'cancelled', holdsUse: false }); // one open order
    const o: MOrder = {
      orderId: res.body.orderId as string,
      kind: 'purchase',
      tier: tier,
      state: 'pending',
      refundFailed: false,
      amount: expected.amount,
      needsRefund: false,
      fromTier: expected.fromTier,
      creditOrderId: expected.creditOrderId,
      deduction: expected.deduction,
      creditValue: expected.targetPrice,
      parentOrderId: null,
      seatCount: FIRST_SEATS[tier],
      code: this.discount,
      holdsUse: this.discount !== 'none',
      free: expected.amount === 0,
      paidAt: null,
    };
    c.orders.push(o);
    if (this.discount !== 'none') note(`${this.discount} code taken`);
    note(o.fromTier ? `upgrade ${o.fromTier} → ${o.tier}` : 'first purchase');
    const credit = c.orders.find((x) => x.orderId === o.creditOrderId);
    if (credit && credit.kind !== 'purchase') note(`upgrade priced on a ${credit.kind}`);
    if (credit?.state === 'refunding') note('upgrade priced on a refund left open');
    if (o.amount === 0) note(`free order: ${pay(m, c, o)}`); // paid by its discount at once, no gateway
    same('order status', res.body.status, o.amount === 0 ? 'paid' : 'pending');
    if (this.payNow && o.state === 'pending') {
      const answer = await notify(sandbox.notification(o.orderId, o.amount));
      note(`paid at once: ${pay(m, c, o)}`);
      same('payment notice acknowledged', [answer.status, answer.text], [200, 'success']);
    }
    return [this.slot];
  }
  toString() {
    return `buy(c${this.slot}, ${this.target}${this.discount === 'none' ? '' : `, discount ${this.discount}`}${this.quoteFirst ? ', quoted' : ''}${this.payNow ? ', paid' : ''})`;
  }
}

class Pay extends Step {
  readonly name = 'pay';
  constructor(
    readonly slot: number,
    readonly pick: number,
    readonly how: 'once' | 'twice' | 'at once' | 'wrong amount',
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return purchaseAt(m.customers[this.slot], this.pick) !== null;
  }
  protected async act(m: Model) {
    const c = m.customers[this.slot];
    const o = purchaseAt(c, this.pick)!;
    if (this.how === 'wrong amount') {
      const res = await notify(sandbox.notification(o.orderId, o.amount + 1));
      // A notice for an order already paid is acknowledged before its amount is read.
      same(
        'a wrong amount pays nothing',
        [res.status, res.text],
        wasPaid(o) ? [200, 'success'] : [400, 'fail'],
      );
      return [this.slot];
    }
    const params = sandbox.notification(o.orderId, o.amount);
    const answers =
      this.how === 'once'
        ? [await notify(params)]
        : this.how === 'twice'
          ? [await notify(params), await notify(params)]
          : await Promise.all([notify(params), notify(params)]);
    const late = o.state === 'cancelled' || o.state === 'expired' ? 'late payment: ' : '';
    const open = c.orders.some((x) => x.state === 'refunding') ? ' (a refund open)' : '';
    note(`${late}${pay(m, c, o)}${open}`);
    same(
      'payment notices acknowledged',
      answers.map((a) => [a.status, a.text]),
      answers.map(() => [200, 'success']),
    );
    return [this.slot];
  }
  toString() {
    return `pay(c${this.slot}, ${this.pick < 0 ? 'latest pending' : `purchase #${this.pick}`}, ${this.how})`;
  }
}

class Cancel extends Step {
  readonly name = 'cancel';
  constructor(
    readonly slot: number,
    readonly pick: number,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return live(m, this.slot) && purchaseAt(m.customers[this.slot], this.pick) !== null;
  }
  protected async act(m: Model, r: Real) {
    const c = m.customers[this.slot];
    const o = purchaseAt(c, this.pick)!;
    const res = await r.customers[this.slot].post(`/api/payments/${o.orderId}/cancel`);
    if (o.state === 'pending') {
      note('cancel');
      same('cancel', [res.status, res.body.status], [200, 'cancelled']);
      o.state = 'cancelled';
      o.holdsUse = false;
    } else same('cancel refused', [res.status, res.body.code], [400, 'ORDER_NOT_CANCELLABLE']);
    return [this.slot];
  }
  toString() {
    return `cancel(c${this.slot}, ${this.pick < 0 ? 'latest pending' : `purchase #${this.pick}`})`;
  }
}

/** The QR code's lifetime passes: the minute's run finds the order stale and expires it. */
class Expire extends Step {
  readonly name = 'expire';
  constructor(readonly slot: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return latestPending(m.customers[this.slot]) !== null;
  }
  protected async act(m: Model) {
    const o = latestPending(m.customers[this.slot])!;
    await sql(`update orders set created_at = created_at - interval '2 hours' where order_id = ?`, [
      o.orderId,
    ]);
    await running.app.get(PaymentsService).expireStale();
    note('expired');
    o.state = 'expired';
    o.holdsUse = false;
    return [this.slot];
  }
  toString() {
    return `expire(c${this.slot}, latest pending)`;
  }
}

/** An admin refunds one of the customer's orders (any: the model says which are refundable). */
class Refund extends Step {
  readonly name = 'refund';
  constructor(
    readonly slot: number,
    readonly pick: number,
    readonly how: 'once' | 'twice' | 'at once',
    readonly scope: Scope,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return ordersIn(m.customers[this.slot], this.scope).length > 0;
  }
  protected async act(m: Model) {
    const c = m.customers[this.slot];
    const orders = ordersIn(c, this.scope);
    const o = orders[this.pick % orders.length];
    const decision = refundDecision(c, o);
    noteRefund(c, o, decision, `refund ${this.how}`);
    if (this.how === 'at once') {
      const answers = await Promise.all([refundHttp(o.orderId), refundHttp(o.orderId)]);
      if (decision.status === 409) {
        same(
          'two refunds at once, refused',
          answers.map((a) => [a.status, a.body.code]),
          answers.map(() => [409, decision.code]),
        );
        return [this.slot];
      }
      if (decision.kind === 'refund') refunded(c, o);
      same(
        'two refunds at once',
        answers.map((a) => a.status),
        [200, 200],
      );
      // One asked the gateway; the other found it asked (still paid) or done.
      same(
        'two refunds at once: one refund',
        answers.some((a) => a.body.order.status === httpStatus(o)),
        true,
      );
      return [this.slot];
    }
    for (let i = 0; i < (this.how === 'twice' ? 2 : 1); i++) {
      const d = refundDecision(c, o);
      if (i > 0) noteRefund(c, o, d, 'refund again');
      const res = await refundHttp(o.orderId);
      if (d.status === 409) {
        same(
          `refund of ${describeOrder(o)} refused`,
          {
            status: res.status,
            code: res.body.code,
            refundFirst: res.body.refundFirst,
            chain: res.body.chain,
          },
          { status: 409, code: d.code, refundFirst: d.refundFirst, chain: d.chain },
        );
      } else {
        if (d.kind === 'refund') refunded(c, o);
        same(`refund of ${o.orderId}`, [res.status, res.body.order?.status], [200, httpStatus(o)]);
      }
    }
    return [this.slot];
  }
  toString() {
    return `refund(c${this.slot}, ${this.scope === 'sale' ? 'paid sale' : 'order'} #${this.pick}, ${this.how})`;
  }
}

/** Two refunds of two orders of one customer at once: the outcome of one order or the other first. */
class RefundTwo extends Step {
  readonly name = 'refund two at once';
  constructor(
    readonly slot: number,
    readonly first: number,
    readonly second: number,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return ordersIn(m.customers[this.slot], 'sale').length >= 2;
  }
  protected async act(m: Model) {
    const orders = ordersIn(m.customers[this.slot], 'sale');
    const a = orders[this.first % orders.length];
    let b = orders[this.second % orders.length];
    if (b === a) b = orders[(this.second + 1) % orders.length];
    const answers = await Promise.all([refundHttp(a.orderId), refundHttp(b.orderId)]);
    const seen = answers.map((x) => `${x.status} ${x.body.code ?? x.body.order?.status}`);
    const outcome = (o: { status: number; code?: string; orderStatus?: string }) =>
      `${o.status} ${o.code ?? o.orderStatus}`;
    // Each request is decided under the customer's lock, before or after the other one settled.
    const candidates: { customers: MCustomer[]; answers: string[] }[] = [];
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      const customers = clone(m.customers);
      const c = customers[this.slot];
      const ids = [a.orderId, b.orderId];
      const got: string[] = [];
      for (const i of order)
        got[i] = outcome(
          refundNow(
            c,
            c.orders.find((o) => o.orderId === ids[i])!,
          ),
        );
      candidates.push({ customers, answers: got });
    }
    {
      const customers = clone(m.customers);
      const c = customers[this.slot];
      const [ca, cb] = [a, b].map((x) => c.orders.find((o) => o.orderId === x.orderId)!);
      const [da, db] = [refundDecision(c, ca), refundDecision(c, cb)];
      for (const [o, d] of [
        [ca, da],
        [cb, db],
      ] as const)
        if (d.status === 200 && d.kind === 'refund') refunded(c, o);
      candidates.push({
        customers,
        answers: [ca, cb].map((o, i) => {
          const d = [da, db][i];
          return d.status === 409 ? `409 ${d.code}` : `200 ${httpStatus(o)}`;
        }),
      });
    }
    const match = candidates.find((x) => x.answers.join() === seen.join());
    same(
      `refunds of ${describeOrder(a)} and ${describeOrder(b)} at once`,
      seen,
      match ? match.answers : candidates.map((x) => x.answers.join(' | ')),
    );
    note(`two orders refunded at once: ${seen.join(', ')}`);
    m.customers = match!.customers;
    return [this.slot];
  }
  toString() {
    return `refund two at once(c${this.slot}, paid sale #${this.first}, paid sale #${this.second})`;
  }
}

/** The admin refunds an order with every later upgrade priced against it, latest first. */
class RefundChain extends Step {
  readonly name = 'refund chain';
  constructor(
    readonly slot: number,
    readonly pick: number,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return ordersIn(m.customers[this.slot], 'sale').length > 0;
  }
  protected async act(m: Model) {
    const c = m.customers[this.slot];
    const list = ordersIn(c, 'sale');
    const o = list[this.pick % list.length];
    const chain = [...(stands(o) ? laterUpgrades(c, o) : []), o];
    note(`refund chain of ${chain.length}`);
    const res = await adminPost(`/api/admin/orders/${o.orderId}/refund-chain`).send({
      reason: 'model chain',
    });
    const done: string[] = [];
    for (const [i, link] of chain.entries()) {
      if (link.state === 'refunded') continue;
      const d = refundDecision(c, link);
      if (d.status === 409) {
        note(`refund chain stopped (${d.code})`);
        same(
          `refund chain of ${describeOrder(o)} stops at ${link.orderId}`,
          [res.status, res.body.code],
          [409, d.code],
        );
        return [this.slot];
      }
      if (d.kind === 'refund') refunded(c, link);
      done.push(`${link.orderId} ${httpStatus(link)}`);
      if ((link.state as State) !== 'refunded') {
        note('refund chain stopped at a refund left open');
        same(
          'refund chain (a refund still open)',
          {
            status: res.status,
            orders: res.body.orders?.map(
              (x: { orderId: string; status: string }) => `${x.orderId} ${x.status}`,
            ),
            remaining: res.body.remaining,
          },
          { status: 200, orders: done, remaining: chain.slice(i + 1).map((x) => x.orderId) },
        );
        return [this.slot];
      }
    }
    same(
      `refund chain of ${describeOrder(o)}`,
      {
        status: res.status,
        orders: res.body.orders?.map(
          (x: { orderId: string; status: string }) => `${x.orderId} ${x.status}`,
        ),
        remaining: res.body.remaining,
      },
      { status: 200, orders: done, remaining: [] },
    );
    return [this.slot];
  }
  toString() {
    return `refund chain(c${this.slot}, paid sale #${this.pick})`;
  }
}

/**
 * The admin asks for a refund the gateway does not finish at once (WeChat Pay's PROCESSING, or no answer):
 * the order is refunding until RefundSettle.
 */
class RefundOpen extends Step {
  readonly name = 'refund left open';
  constructor(
    readonly slot: number,
    readonly pick: number,
  ) {
    super();
  }
  /** Paid sales (Refund tries the others). */
  private targets(c: MCustomer) {
    return purchases(c).filter((o) => o.state === 'paid');
  }
  check(m: Readonly<Model>) {
    return this.targets(m.customers[this.slot]).length > 0;
  }
  protected async act(m: Model) {
    const c = m.customers[this.slot];
    const orders = this.targets(c);
    const o = orders[this.pick % orders.length];
    const d = refundDecision(c, o);
    let seen: unknown;
    try {
      seen = (
        await running.app
          .get(EntitlementsService)
          .requestRefund(ADMIN_USER, o.orderId, 'model: open at the gateway')
      ).kind;
    } catch (e) {
      seen = (e as { code?: string }).code ?? String(e);
    }
    noteRefund(c, o, d, 'refund left open');
    if (d.status === 200 && d.kind === 'refund') {
      o.state = 'refunding';
      o.refundFailed = false;
    }
    same(
      `refund of ${describeOrder(o)} asked`,
      seen,
      d.status === 409 ? d.code : d.kind === 'refund' ? 'claimed' : 'current',
    );
    return [this.slot];
  }
  toString() {
    return `refund left open at the gateway(c${this.slot}, paid sale #${this.pick})`;
  }
}

/** The gateway settles an open refund (its notification or the sweep's query): done, or refused. */
class RefundSettle extends Step {
  readonly name = 'refund settled';
  constructor(
    readonly slot: number,
    readonly pick: number,
    readonly outcome: 'succeeded' | 'failed',
  ) {
    super();
  }
  private targets(c: MCustomer) {
    return c.orders.filter(
      (o) => o.state === 'refunding' || (o.state === 'paid' && o.refundFailed),
    );
  }
  check(m: Readonly<Model>) {
    return this.targets(m.customers[this.slot]).length > 0;
  }
  protected async act(m: Model) {
    const c = m.customers[this.slot];
    const list = this.targets(c);
    const o = list[this.pick % list.length];
    const [{ refund_no: refundNo }] = await sql<{ refund_no: string }>(
      'select refund_no from orders where order_id = ?',
      [o.orderId],
    );
    const settled = await running.app
      .get(EntitlementsService)
      .settleRefund(
        o.orderId,
        refundNo,
        this.outcome === 'succeeded'
          ? { status: 'succeeded', refundId: `MODEL-${refundNo}` }
          : { status: 'failed', error: 'model: refused by the gateway' },
        'gateway:sandbox',
      );
    note(
      `refund ${this.outcome} at the gateway${o.refundFailed ? ' after it had failed' : ''}${laterUpgrades(c, o).length ? ' under a later upgrade' : ''}`,
    );
    if (this.outcome === 'succeeded') refunded(c, o);
    else if (o.state === 'refunding') {
      o.state = 'paid';
      o.refundFailed = true;
    }
    same(`refund of ${o.orderId} ${this.outcome}`, settled?.status, httpStatus(o));
    return [this.slot];
  }
  toString() {
    return `refund ${this.outcome} at the gateway(c${this.slot}, open refund #${this.pick})`;
  }
}

/**
 * The customer binds seat `index` to a new site: Max grows first, in the bind's transaction (the model runs
 * on a copy, kept only when the bind goes through).
 */
async function bindOne(m: Model, r: Real, slot: number, index: number) {
  const url = `https://s${++sites}-${runTag}.example`;
  const sim = clone(m.customers[slot]);
  const held = holding(sim.orders);
  const unbound = sim.seats.filter((s) => !s.revoked && !s.url).length;
  const grows = held.tier === 'ultra' && held.seats < MAX_SEATS && unbound < MIN_FREE;
  if (grows) {
    const add = Math.min(GROWTH, MAX_SEATS - held.seats);
    sim.orders.push({
      orderId: '',
      kind: 'auto-expansion',
      tier: 'ultra',
      state: 'paid',
      refundFailed: false,
      amount: 0,
      needsRefund: false,
      fromTier: null,
      creditOrderId: null,
      deduction: 0,
      creditValue: 0,
      parentOrderId: held.plan!.orderId,
      seatCount: add,
      code: 'none',
      holdsUse: false,
      free: false,
      paidAt: ++m.clock,
    });
    reconcile(sim, add);
  }
  const seat = sim.seats.find((s) => s.index === index)!;
  const before = seat.url;
  let refusal: string | null = null;
  if (seat.revoked) refusal = 'LICENSE_REVOKED';
  else if (seat.url && seat.changesLeft <= 0) refusal = 'NO_BINDING_CHANGES_LEFT';
  else {
    if (seat.url) seat.changesLeft--;
    seat.url = url;
  }
  const rc = r.customers[slot];
  const res = await rc
    .post(`/api/apitokens/licenses/${rc.seatIds.get(index)}/bind`)
    .send({ websiteUrl: url });
  if (refusal) {
    note(`bind refused (${refusal})`);
    same(
      `bind seat ${index} refused`,
      [res.status >= 400 && res.status < 500, res.body.code],
      [true, refusal],
    );
    return;
  }
  same(`bind seat ${index}`, [res.status, res.body.action], [200, before ? 'rebound' : 'bound']);
  if (grows) note('Max grew');
  m.customers[slot] = sim;
  sim.urls.push(url);
}

/** The customer binds one seat (unbound, bound: a move, revoked: refused) to a new site. */
class Bind extends Step {
  readonly name = 'bind';
  constructor(
    readonly slot: number,
    readonly pick: number,
    readonly which: 'unbound' | 'bound' | 'revoked',
  ) {
    super();
  }
  private targets(c: MCustomer) {
    return c.seats.filter((s) =>
      this.which === 'revoked' ? s.revoked : !s.revoked && (this.which === 'bound') === !!s.url,
    );
  }
  check(m: Readonly<Model>) {
    return live(m, this.slot) && this.targets(m.customers[this.slot]).length > 0;
  }
  protected async act(m: Model, r: Real) {
    const list = this.targets(m.customers[this.slot]);
    await bindOne(m, r, this.slot, list[this.pick % list.length].index);
    return [this.slot];
  }
  toString() {
    return `bind(c${this.slot}, ${this.which} seat #${this.pick}, a new site)`;
  }
}

/** The customer binds every unbound seat, one after the other (Max grows on the way). */
class BindAll extends Step {
  readonly name = 'bind every free seat';
  constructor(readonly slot: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return live(m, this.slot) && m.customers[this.slot].seats.some((s) => !s.revoked && !s.url);
  }
  protected async act(m: Model, r: Real) {
    const free = m.customers[this.slot].seats.filter((s) => !s.revoked && !s.url);
    for (const { index } of free) await bindOne(m, r, this.slot, index);
    return [this.slot];
  }
  toString() {
    return `bind every free seat(c${this.slot})`;
  }
}

/** The customer's e-mail is put on the VIP list (once) and the customer asks for the VIP seats. */
class Vip extends Step {
  readonly name = 'vip';
  constructor(readonly slot: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return live(m, this.slot);
  }
  protected async act(m: Model, r: Real) {
    const c = m.customers[this.slot];
    if (!c.vipListed) {
      await adminPost('/api/apitokens/admin/vip-emails').send({ email: c.email }).expect(200);
      c.vipListed = true;
    }
    const res = await r.customers[this.slot].post('/api/apitokens/licenses/initialize-vip');
    const held = holding(c.orders);
    let outcome = 'granted';
    if (held.tier && RANK[held.tier] > RANK.vip) outcome = 'skipped-higher-tier';
    else if (held.tier === 'vip') outcome = 'already';
    else {
      c.orders.push({
        orderId: '',
        kind: 'vip-grant',
        tier: 'vip',
        state: 'paid',
        refundFailed: false,
        amount: 0,
        needsRefund: false,
        fromTier: held.tier,
        creditOrderId: null,
        deduction: 0,
        creditValue: m.prices.vip,
        parentOrderId: null,
        seatCount: FIRST_SEATS.vip,
        code: 'none',
        holdsUse: false,
        free: false,
        paidAt: ++m.clock,
      });
      reconcile(c, 'fill', true);
    }
    note(`VIP ${outcome}${held.tier ? ` over ${held.tier}` : ''}`);
    same('VIP grant', [res.status, res.body.outcome], [outcome === 'granted' ? 201 : 200, outcome]);
    return [this.slot];
  }
  toString() {
    return `vip(c${this.slot})`;
  }
}

/** An admin grants a plan for free (only above the current one). */
class Grant extends Step {
  readonly name = 'admin grant';
  constructor(
    readonly slot: number,
    readonly tier: Tier,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return live(m, this.slot);
  }
  protected async act(m: Model) {
    const c = m.customers[this.slot];
    const held = holding(c.orders);
    const res = await adminPost(`/api/admin/customers/${c.userId}/grant-plan`).send({
      tier: this.tier,
      reason: 'model grant',
    });
    if (held.tier && RANK[this.tier] <= RANK[held.tier]) {
      note('admin grant refused');
      same('grant refused', [res.status, res.body.code], [409, 'TIER_NOT_ABOVE_CURRENT']);
      return [this.slot];
    }
    c.orders.push({
      orderId: res.body.orderId as string,
      kind: 'admin-grant',
      tier: this.tier,
      state: 'paid',
      refundFailed: false,
      amount: 0,
      needsRefund: false,
      fromTier: held.tier,
      creditOrderId: null,
      deduction: 0,
      creditValue: m.prices[this.tier],
      parentOrderId: null,
      seatCount: FIRST_SEATS[this.tier],
      code: 'none',
      holdsUse: false,
      free: false,
      paidAt: ++m.clock,
    });
    reconcile(c, 'fill');
    note(`admin grant of ${this.tier}${held.tier ? ` over ${held.tier}` : ''}`);
    same('grant', [res.status, res.body.seats], [200, holding(c.orders).seats]);
    return [this.slot];
  }
  toString() {
    return `admin grant(c${this.slot}, ${this.tier})`;
  }
}

/** An admin revokes one of the customer's seats. */
class RevokeSeat extends Step {
  readonly name = 'admin revoke';
  constructor(
    readonly slot: number,
    readonly pick: number,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return live(m, this.slot) && m.customers[this.slot].seats.length > 0;
  }
  protected async act(m: Model, r: Real) {
    const c = m.customers[this.slot];
    const seats = [...c.seats].sort((a, b) => a.index - b.index);
    const seat = seats[this.pick % seats.length];
    const id = r.customers[this.slot].seatIds.get(seat.index);
    const res = await adminPost(`/api/admin/customers/${c.userId}/licenses/${id}/revoke`).send({
      reason: 'model revoke',
    });
    if (seat.revoked) {
      note('admin revoke refused');
      same('revoke refused', [res.status, res.body.code], [409, 'SEAT_ALREADY_REVOKED']);
    } else {
      note(`admin revoke of a${seat.url ? ' bound' : 'n unbound'} seat`);
      same('revoke', res.status, 200);
      seat.revoked = true;
    }
    return [this.slot];
  }
  toString() {
    return `admin revoke(c${this.slot}, seat #${this.pick})`;
  }
}

/** The seller edits a plan's price (refused when it breaks the ranks' order). */
class EditPrice extends Step {
  readonly name = 'price edit';
  constructor(
    readonly tier: Tier,
    readonly factor: number,
  ) {
    super();
  }
  check() {
    return true;
  }
  protected async act(m: Model, r: Real) {
    const price = Math.max(100, Math.round((m.prices[this.tier] * this.factor) / 100) * 100);
    const p = r.plans[this.tier];
    const res = await admin
      .put(`/api/admin/plans/${this.tier}`)
      .set('Origin', base)
      .send({
        priceCents: price,
        nameZh: p.names['zh-CN'],
        nameEn: p.names.en,
        descriptionZh: p.descriptions['zh-CN'],
        descriptionEn: p.descriptions.en,
        badgeZh: p.badge?.['zh-CN'] ?? null,
        badgeEn: p.badge?.en ?? null,
        badgeEndsAt: p.badgeEndsAt,
        shown: p.shown,
        sortOrder: p.sortOrder,
      });
    const next = { ...m.prices, [this.tier]: price };
    if (price !== m.prices[this.tier] && breaksRank(next)) {
      note('price edit refused');
      same('price edit refused', [res.status, res.body.code], [400, 'PLAN_PRICE_BREAKS_RANK']);
    } else {
      note('price edit');
      same('price edit', [res.status, res.body.plan?.priceCents], [200, price]);
      m.prices = next;
    }
    return [0]; // nothing of a customer changes: the first one is checked anyway
  }
  toString() {
    return `price edit(${this.tier} × ${this.factor})`;
  }
}

/** The customer closes the account (refused while a refund is open). */
class CloseAccount extends Step {
  readonly name = 'close account';
  constructor(readonly slot: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return live(m, this.slot);
  }
  protected async act(m: Model, r: Real) {
    const c = m.customers[this.slot];
    const res = await r.customers[this.slot].post('/api/auth/delete-user');
    if (c.orders.some((o) => o.state === 'refunding')) {
      note('closing refused (a refund open)');
      same('closing refused', [res.status, res.body.code], [409, 'ACCOUNT_REFUND_IN_FLIGHT']);
      return [this.slot];
    }
    note('account closed');
    same('closing', res.status, 200);
    for (const o of c.orders) if (o.state === 'pending') o.state = 'cancelled';
    // The account's uses of codes go with it (nobody can use a code as that customer again).
    for (const o of c.orders) o.holdsUse = false;
    c.deleted = true;
    c.seats = [];
    return [this.slot];
  }
  toString() {
    return `close account(c${this.slot})`;
  }
}

/** Most commands go to the first customer (long histories); the second shows that nothing leaks across. */
const slotArb = fc.constantFrom(0, 0, 0, 1);
const pickArb = fc.nat({ max: 30 });
const orderPickArb = fc.oneof(fc.constant(-1), pickArb);
/** A plan, or the next one up (upgrade chains). */
const buyable = fc.constantFrom<Buyable | 'up'>('basic', 'pro', 'ultra', 'up', 'up', 'up');
/** The commands, weighted: money and seats move often, an account closes now and then. */
const COMMANDS = [
  fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .tuple(
          slotArb,
          buyable,
          fc.constantFrom<DiscountKind>(
            'none',
            'none',
            'none',
            'none',
            'some',
            'some',
            'all',
            'percent',
            'once',
            'once',
          ),
          fc.boolean(),
          fc.constantFrom(true, true, false),
        )
        .map(([s, t, d, q, p]): Step => new Buy(s, t, d, q, p)),
    },
    {
      weight: 12,
      arbitrary: fc
        .tuple(
          slotArb,
          orderPickArb,
          fc.constantFrom<Pay['how']>('once', 'once', 'twice', 'at once', 'wrong amount'),
        )
        .map(([s, p, h]): Step => new Pay(s, p, h)),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(slotArb, orderPickArb).map(([s, p]): Step => new Cancel(s, p)),
    },
    { weight: 1, arbitrary: slotArb.map((s): Step => new Expire(s)) },
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          slotArb,
          pickArb,
          fc.constantFrom<Refund['how']>('once', 'once', 'twice', 'at once'),
          fc.constantFrom<Scope>('sale', 'sale', 'sale', 'any'),
        )
        .map(([s, p, h, scope]): Step => new Refund(s, p, h, scope)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(slotArb, pickArb, pickArb)
        .map(([s, a, b]): Step => new RefundTwo(s, a, b)),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(slotArb, pickArb).map(([s, p]): Step => new RefundChain(s, p)),
    },
    {
      weight: 6,
      arbitrary: fc.tuple(slotArb, pickArb).map(([s, p]): Step => new RefundOpen(s, p)),
    },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          slotArb,
          pickArb,
          fc.constantFrom<RefundSettle['outcome']>('succeeded', 'succeeded', 'failed'),
        )
        .map(([s, p, o]): Step => new RefundSettle(s, p, o)),
    },
    {
      weight: 10,
      arbitrary: fc
        .tuple(
          slotArb,
          pickArb,
          fc.constantFrom<Bind['which']>('unbound', 'unbound', 'unbound', 'bound', 'revoked'),
        )
        .map(([s, p, w]): Step => new Bind(s, p, w)),
    },
    { weight: 3, arbitrary: slotArb.map((s): Step => new BindAll(s)) },
    { weight: 2, arbitrary: slotArb.map((s): Step => new Vip(s)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(slotArb, fc.constantFrom<Tier>(...TIERS))
        .map(([s, t]): Step => new Grant(s, t)),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(slotArb, pickArb).map(([s, p]): Step => new RevokeSeat(s, p)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom<Tier>(...TIERS), fc.constantFrom(0.5, 0.8, 0.95, 1.05, 1.25, 2))
        .map(([t, f]): Step => new EditPrice(t, f)),
    },
    { weight: 1, arbitrary: slotArb.map((s): Step => new CloseAccount(s)) },
  ),
];

/** Two fresh customers and today's prices: each run stands alone on the one database. */
async function newRun(): Promise<{ model: Model; real: Real }> {
  runTag = randomUUID().slice(0, 8);
  const plans = (await admin.get('/api/admin/plans').expect(200)).body.plans as AdminPlan[];
  const byTier = Object.fromEntries(plans.map((p) => [p.tier, p])) as Record<Tier, AdminPlan>;
  const prices = Object.fromEntries(plans.map((p) => [p.tier, p.priceCents])) as Record<
    Tier,
    number
  >;
  const signedIn = await Promise.all(
    [0, 1].map((slot) => customer(base, `model-${runTag}-${slot}@model.example`)),
  );
  return {
    model: {
      customers: signedIn.map((c, slot) => ({
        slot,
        email: c.email,
        userId: c.userId,
        deleted: false,
        vipListed: false,
        orders: [],
        seats: [],
        urls: [],
      })),
      prices: { ...prices },
      clock: 0,
    },
    real: {
      customers: signedIn.map((c) => ({
        refunded: new Set<string>(),
        agent: c.agent,
        post: c.post,
        token: null,
        seatIds: new Map(),
      })),
      plans: byTier,
      startPrices: prices,
    },
  };
}

/** The prices as the run found them (other runs start from them). */
async function restorePrices(prices: Record<Tier, number>) {
  for (const tier of TIERS)
    await sql('update plans set price_cents = ? where tier = ?', [prices[tier], tier]);
}

describe('entitlements model: the money path never gives seats away', () => {
  beforeAll(async () => {
    db = await createTestDatabase();
    running = await startApp(db, {
      PAYMENT_GATEWAYS: 'sandbox',
      PLUGIN_RATE_LIMIT: '1000000',
      // Open refunds are settled by the suite (RefundSettle), not by the minute's sweep.
      REFUND_SWEEP_SECONDS: '3600',
    });
    base = running.url;
    for (const gateway of running.app.get<PaymentGateways>(PAYMENT_GATEWAYS).list)
      for (const method of ['createPayment', 'close', 'query', 'refund', 'queryRefund'] as const) {
        const real = (gateway[method] as (...args: unknown[]) => Promise<unknown>).bind(gateway);
        Object.assign(gateway, {
          [method]: (first: unknown, ...rest: unknown[]) => {
            askedGateways.add(
              typeof first === 'string' ? first : (first as { orderId: string }).orderId,
            );
            return real(first, ...rest);
          },
        });
      }
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
    // Two webhook endpoints listening to payments and refunds (never reached: retried in the background).
    for (let i = 0; i < 2; i++)
      webhookEndpoints.push(
        (
          await adminPost('/api/admin/webhooks')
            .send({
              kind: 'standard',
              url: `https://hooks-${i}.example.invalid/in`,
              events: ['order.paid', 'order.refunded'],
            })
            .expect(200)
        ).body.endpoint.id as string,
      );
    const tag = randomUUID().slice(0, 6).toUpperCase();
    // A percentage code for every plan (tiers null) and a once-per-customer code for the three plans
    // (the same code whatever the plan).
    CODES.percent = Object.fromEntries(
      (['basic', 'pro', 'ultra'] as const).map((t) => [t, `MODEL-PERCENT-${tag}`]),
    ) as Record<Buyable, string>;
    await adminPost('/api/subscriptions/admin/subscriptions/discounts')
      .send({ tiers: null, code: CODES.percent.basic, kind: 'percent', percentOff: PERCENT_OFF })
      .expect(200);
    CODES.once = Object.fromEntries(
      (['basic', 'pro', 'ultra'] as const).map((t) => [t, `MODEL-ONCE-${tag}`]),
    ) as Record<Buyable, string>;
    await adminPost('/api/subscriptions/admin/subscriptions/discounts')
      .send({
        tiers: ['basic', 'pro', 'ultra'],
        code: CODES.once.basic,
        discountAmount: DISCOUNTS.once.basic,
        oncePerCustomer: true,
      })
      .expect(200);
    for (const kind of ['some', 'all'] as const)
      for (const tier of ['basic', 'pro', 'ultra'] as const) {
        CODES[kind][tier] = `MODEL-${kind}-${tier}-${tag}`.toUpperCase();
        await adminPost('/api/subscriptions/admin/subscriptions/discounts')
          .send({
            tier,
            code: CODES[kind][tier],
            discountAmount: DISCOUNTS[kind][tier],
            usageLimit: null,
          })
          .expect(200);
      }
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  describe('random sequences', () => {
    afterAll(() => {
      const list = (counts: Map<string, number>) =>
        [...counts]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k} ${n}`)
          .join(', ');
      console.log(
        `[entitlements model, ${TEST_DB}] ${stats.runs} sequences, ${stats.commands} commands, longest run ${stats.longestMs} ms; commands: ${list(stats.byCommand)}; seen: ${list(stats.seen)}`,
      );
    });

    it(
      'keeps seats, licence checks, the ledger and the seller’s numbers on the model after every command',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.commands(COMMANDS, {
              maxCommands: MAX_COMMANDS,
              size: 'max',
              replayPath: COMMANDS_REPLAY,
            }),
            async (commands) => {
              const started = Date.now();
              const setup = await newRun();
              try {
                await fc.asyncModelRun(() => setup, commands);
                await verifyRun(setup.model, setup.real);
              } finally {
                await restorePrices(setup.real.startPrices);
                stats.runs++;
                stats.longestMs = Math.max(stats.longestMs, Date.now() - started);
              }
            },
          ),
          {
            numRuns: RUNS,
            seed: SEED,
            path: REPLAY_PATH,
            interruptAfterTimeLimit: TIME_LIMIT_MS - 30_000,
            markInterruptAsFailure: false,
          },
        );
      },
      TIME_LIMIT_MS,
    );

    it("walks the discount codes' paths on the model: once per customer, percentages, free orders and their refunds", async () => {
      // The random sequences reach these only now and then; here each at least once, checked after every
      // command like the rest (docs/rules.md, "Discount codes"; docs/payments.md, "Free orders").
      const seen = (event: string) => stats.seen.get(event) ?? 0;
      const before = {
        alreadyUsed: seen('order refused (DISCOUNT_ALREADY_USED)'),
        free: seen('free order: fulfilled'),
        late: seen('late payment: fulfilled'),
      };
      const setup = await newRun();
      try {
        await fc.asyncModelRun(
          () => setup,
          [
            new Buy(0, 'basic', 'once', true, true), // paid with the once-per-customer code
            new Buy(0, 'pro', 'once', true, true), // refused: already used (quote and order)
            new Buy(0, 'pro', 'percent', true, false), // pending, 15 % off what is due
            new Cancel(0, -1),
            new Buy(0, 'pro', 'percent', true, true), // paid
            new Refund(0, 1, 'once', 'sale'), // the Pro upgrade first (latest first)
            new Refund(0, 0, 'once', 'sale'), // Basic, bought with the once code: the use is kept
            new Buy(0, 'basic', 'once', true, true), // refused: a refund does not give the use back
            new Buy(0, 'ultra', 'all', true, false), // free: paid at once, under `free`
            new Refund(0, 2, 'at once', 'sale'), // refunded without a gateway
            new Buy(1, 'pro', 'once', false, false), // pending with the once code
            new Expire(1), // its use given back
            new Pay(1, 0, 'once'), // a late payment takes it again
            new Buy(1, 'ultra', 'once', true, true), // refused: already used
          ],
        );
        await verifyRun(setup.model, setup.real);
      } finally {
        await restorePrices(setup.real.startPrices);
      }
      expect({
        alreadyUsed: seen('order refused (DISCOUNT_ALREADY_USED)') - before.alreadyUsed,
        free: seen('free order: fulfilled') - before.free,
        late: seen('late payment: fulfilled') - before.late,
      }).toEqual({ alreadyUsed: 3, free: 1, late: 1 });
    });
  });

  /**
   * Counterexamples the random sequences found, shrunk, as plain cases. Each asserts the invariant that
   * failed, whatever the fix: once a refund of an order is done, no standing order is priced against it.
   */
  describe('regressions', () => {
    const entitlements = () => running.app.get(EntitlementsService);
    const buy = async (c: Awaited<ReturnType<typeof customer>>, tier: Buyable) =>
      (
        await c
          .post('/api/payments/create')
          .send({ subscriptionTier: tier, paymentMethod: 'sandbox' })
          .expect(200)
      ).body as { orderId: string; amount: number };
    const paid = async (o: { orderId: string; amount: number }) =>
      notify(sandbox.notification(o.orderId, o.amount)).expect(200, 'success');
    const claim = async (orderId: string) => {
      const asked = await entitlements().requestRefund(ADMIN_USER, orderId, 'regression');
      if (asked.kind !== 'claimed') throw new Error(`refund of ${orderId} not claimed`);
      return asked.refundNo;
    };
    const settle = (orderId: string, refundNo: string, status: 'succeeded' | 'failed') =>
      entitlements().settleRefund(
        orderId,
        refundNo,
        { status, error: 'regression' },
        'gateway:sandbox',
      );
    /** The customer's standing orders priced against an order that was refunded since. */
    const standingOnRefunded = (userId: string) =>
      sql<{ order_id: string; tier: string; credit: string }>(
        `select o.order_id, o.subscription_tier as tier, k.order_id as credit
         from orders o join orders k on k.id = o.credit_order_id
         where o.user_id = ? and o.status = 'paid' and not o.needs_refund and k.status = 'refunded'`,
        [userId],
      );
    const tierOf = async (c: Awaited<ReturnType<typeof customer>>) =>
      ((await c.agent.get('/api/plans').expect(200)).body as { currentTier: Tier | null })
        .currentTier;

    it('an upgrade bought while a refund of its plan is open at the gateway does not stand once that refund is done (shrunk: buy basic, pay, refund left open at the gateway, buy Max with a 100% code, refund succeeded; here Max is paid)', async () => {
      const c = await customer(base, `regression-${randomUUID()}@model.example`);
      const basic = await buy(c, 'basic');
      await paid(basic);
      const refundNo = await claim(basic.orderId);
      // Priced while Basic still stands (refunding): Max less Basic's price, paid.
      const max = await buy(c, 'ultra');
      expect(max.amount).toBe((await basicAndMaxPrices()).ultra - basic.amount);
      await paid(max);
      await settle(basic.orderId, refundNo, 'succeeded');

      // Basic's money went back: Max must not stand on it (it would cost the customer Max less Basic).
      expect(await standingOnRefunded(c.userId)).toEqual([]);
      expect(await tierOf(c)).not.toBe('ultra');
    });

    it('an upgrade paid while a refund of its plan is open at the gateway does not stand once that refund is done', async () => {
      const c = await customer(base, `regression-${randomUUID()}@model.example`);
      const basic = await buy(c, 'basic');
      await paid(basic);
      const pro = await buy(c, 'pro'); // pending, priced against Basic
      const refundNo = await claim(basic.orderId);
      await paid(pro);
      await settle(basic.orderId, refundNo, 'succeeded');

      expect(await standingOnRefunded(c.userId)).toEqual([]);
      expect(await tierOf(c)).not.toBe('pro');
    });

    it('a refund the gateway refused and then completed after all does not leave a later upgrade standing on it', async () => {
      const c = await customer(base, `regression-${randomUUID()}@model.example`);
      const basic = await buy(c, 'basic');
      await paid(basic);
      const refundNo = await claim(basic.orderId);
      await settle(basic.orderId, refundNo, 'failed'); // paid again: the customer may upgrade
      await paid(await buy(c, 'pro'));
      await settle(basic.orderId, refundNo, 'succeeded'); // the gateway's late success

      expect(await standingOnRefunded(c.userId)).toEqual([]);
      expect(await tierOf(c)).not.toBe('pro');
    });

    const basicAndMaxPrices = async () =>
      Object.fromEntries(
        ((await admin.get('/api/admin/plans').expect(200)).body.plans as AdminPlan[]).map((p) => [
          p.tier,
          p.priceCents,
        ]),
      ) as Record<Tier, number>;
  });
});
