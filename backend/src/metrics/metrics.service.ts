import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AiJobFiguresQuery } from '../ai/ai-job-figures';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { MailFiguresQuery } from '../mail/mail-figures';
import { OrderFiguresQuery } from '../orders/order-figures';
import { RELEASE_KINDS } from '../releases/release-rules';
import { methodLabel, routeLabel } from './route-label';

/** Connections of one database pool, as /metrics reports them. */
export interface PoolStats {
  used: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/** The latency buckets (seconds) of the HTTP histogram: from a cached answer to a slow export. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The licence check's answers (licenses.service.ts, checkSite); errors are counted by their code. */
const LICENCE_ANSWER_CODES = [
  'VALID',
  'TOKEN_INVALID',
  'DOMAIN_NOT_BOUND',
  'LICENSE_REVOKED',
  'LICENSE_EXPIRED',
];
const DOWNLOAD_RESULTS = [
  'served',
  'partial',
  'not_modified',
  'range_not_satisfiable',
  'refused',
] as const;
export type DownloadResult = (typeof DOWNLOAD_RESULTS)[number];

/** The one counter increment the plugin's fast path makes per call (plugin-routes.ts). */
export interface PluginCallCounter {
  licenceCheck(code: string): void;
  tokenVerification(result: string): void;
}

/**
 * Prometheus metrics (docs/monitoring.md): one registry per app (several apps in one test process do not
 * share it). Two kinds of figures:
 * - per instance, counted in this process: HTTP requests by route template (a histogram: its `_count` is
 *   the request count), licence checks by answer code, token verifications, update checks, downloads, the
 *   database pools, and prom-client's process metrics (event-loop lag, memory, CPU, GC);
 * - the business, read from the database on each scrape (orders created, paid and refunded, revenue,
 *   refunds pending, the mail outbox, the AI queue): every instance reports the same database-wide numbers,
 *   correct whichever instance handled the change and across restarts (a dashboard takes `max` over
 *   instances, not `sum`). The order totals only grow (orders are never deleted), so they are counters.
 * With METRICS=off nothing is registered or counted and /metrics is a 404.
 */
@Injectable()
export class MetricsService implements PluginCallCounter {
  readonly enabled: boolean;
  private readonly logger = new Logger('Metrics');
  private readonly registry = new Registry();
  private readonly pools = new Map<string, () => PoolStats>();
  private readonly m?: ReturnType<MetricsService['define']>;
  /** Label children bound once per value: the fast path's increment is a map lookup and an addition. */
  private readonly checkChildren = new Map<string, { inc(): void }>();
  private readonly verifyChildren = new Map<string, { inc(): void }>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly em: EntityManager,
    private readonly orders: OrderFiguresQuery,
    private readonly mail: MailFiguresQuery,
    private readonly ai: AiJobFiguresQuery,
  ) {
    this.enabled = config.metrics.enabled;
    if (!this.enabled) return;
    collectDefaultMetrics({ register: this.registry });
    this.m = this.define();
    this.addPool('orm', () => this.ormPool());
    // Every expected series exists from the start at 0 (a rate over a series that appears later misses its
    // first increments, and a dashboard shows 0 rather than "no data").
    for (const code of LICENCE_ANSWER_CODES) this.m.licenceChecks.inc({ code }, 0);
    for (const result of ['valid', 'invalid']) this.m.tokenVerifications.inc({ result }, 0);
    for (const kind of RELEASE_KINDS) {
      for (const entitled of ['true', 'false']) this.m.updateChecks.inc({ kind, entitled }, 0);
      for (const result of DOWNLOAD_RESULTS) this.m.downloads.inc({ kind, result }, 0);
    }
  }

  private define() {
    const registers = [this.registry];
    const pools = this.pools;
    return {
      http: new Histogram({
        name: 'seatkeeper_http_request_duration_seconds',
        help: 'HTTP requests answered through Express/Nest, by method, route template and status (the plugin calls are counted apart)',
        labelNames: ['method', 'route', 'status'] as const,
        buckets: BUCKETS,
        registers,
      }),
      licenceChecks: new Counter({
        name: 'seatkeeper_licence_checks_total',
        help: 'Licence checks (POST /api/licenses/check) by answer code: VALID, TOKEN_INVALID, DOMAIN_NOT_BOUND, LICENSE_REVOKED, LICENSE_EXPIRED, or the error code',
        labelNames: ['code'] as const,
        registers,
      }),
      tokenVerifications: new Counter({
        name: 'seatkeeper_token_verifications_total',
        help: 'Activation code verifications (POST /api/verify-token) by result: valid, invalid, or the error code',
        labelNames: ['result'] as const,
        registers,
      }),
      updateChecks: new Counter({
        name: 'seatkeeper_update_checks_total',
        help: 'Update checks of the plugin and theme (GET /api/wp-updates/:kind/:product/info), by kind and whether the site got a package',
        labelNames: ['kind', 'entitled'] as const,
        registers,
      }),
      downloads: new Counter({
        name: 'seatkeeper_downloads_total',
        help: 'Release downloads (GET /api/wp-updates/:kind/download/:product) by kind and result: served, partial, not_modified, range_not_satisfiable, refused',
        labelNames: ['kind', 'result'] as const,
        registers,
      }),
      ordersCreated: new Counter({
        name: 'seatkeeper_orders_created_total',
        help: 'Orders ever created (from the database, the same on every instance)',
        registers,
      }),
      ordersPaid: new Counter({
        name: 'seatkeeper_orders_paid_total',
        help: 'Orders ever paid, refunded ones included (from the database)',
        registers,
      }),
      ordersRefunded: new Counter({
        name: 'seatkeeper_orders_refunded_total',
        help: 'Orders refunded (from the database)',
        registers,
      }),
      revenue: new Counter({
        name: 'seatkeeper_revenue_cents_total',
        help: 'Cents paid by customers, internal grants excluded, refunded orders included (from the database)',
        registers,
      }),
      refunded: new Counter({
        name: 'seatkeeper_refunded_cents_total',
        help: 'Cents given back by refunds (from the database); net revenue is revenue minus this',
        registers,
      }),
      refundsPending: new Gauge({
        name: 'seatkeeper_refunds_pending',
        help: 'Admin refunds asked for and not yet settled at the gateway (from the database)',
        registers,
      }),
      needsRefund: new Gauge({
        name: 'seatkeeper_orders_needing_refund',
        help: 'Paid orders flagged for a refund (nothing was granted) with no refund asked for yet (from the database)',
        registers,
      }),
      mail: new Gauge({
        name: 'seatkeeper_mail_outbox_messages',
        help: 'Outbox messages by status: queued (the backlog), sending, sent, failed (given up) (from the database)',
        labelNames: ['status'] as const,
        registers,
      }),
      mailRetrying: new Gauge({
        name: 'seatkeeper_mail_outbox_retrying',
        help: 'Queued messages that failed at least once and wait for another attempt (from the database)',
        registers,
      }),
      mailOldest: new Gauge({
        name: 'seatkeeper_mail_outbox_oldest_queued_seconds',
        help: 'Age of the oldest queued message, 0 when none (from the database)',
        registers,
      }),
      aiJobs: new Gauge({
        name: 'seatkeeper_ai_jobs',
        help: 'AI generation jobs by status: pending (queued), running, completed, failed, timed_out (from the database)',
        labelNames: ['status'] as const,
        registers,
      }),
      databaseUp: new Gauge({
        name: 'seatkeeper_database_up',
        help: '1 when the database answered the figures of this scrape, else 0 (the database figures then keep their last values)',
        registers,
      }),
      pool: new Gauge({
        name: 'seatkeeper_db_pool_connections',
        help: "Database pool connections by pool (orm: the ORM's, hot_path: the plugin's lookups on PostgreSQL) and state (used, idle, waiting: callers waiting for one)",
        labelNames: ['pool', 'state'] as const,
        registers,
        collect() {
          for (const [name, stats] of pools) {
            try {
              const s = stats();
              this.set({ pool: name, state: 'used' }, s.used);
              this.set({ pool: name, state: 'idle' }, s.idle);
              this.set({ pool: name, state: 'waiting' }, s.waiting);
            } catch {
              // A pool being closed: left out of this scrape.
            }
          }
        },
      }),
    };
  }

  /** Adds a pool to seatkeeper_db_pool_connections (HotPathDb registers its own). */
  addPool(name: string, stats: () => PoolStats) {
    if (this.enabled) this.pools.set(name, stats);
  }

  /** The ORM's pool (knex's tarn pool on PostgreSQL; the embedded database has its one connection). */
  private ormPool(): PoolStats {
    type Tarn = { numUsed(): number; numFree(): number; numPendingAcquires(): number };
    const connection = this.em.getConnection() as unknown as {
      getKnex?: () => { client?: { pool?: Tarn } };
    };
    const pool = connection.getKnex?.().client?.pool;
    if (!pool) throw new Error('no pool');
    return { used: pool.numUsed(), idle: pool.numFree(), waiting: pool.numPendingAcquires() };
  }

  licenceCheck(code: string) {
    if (!this.m) return;
    let child = this.checkChildren.get(code);
    if (!child) this.checkChildren.set(code, (child = this.m.licenceChecks.labels(code)));
    child.inc();
  }

  tokenVerification(result: string) {
    if (!this.m) return;
    let child = this.verifyChildren.get(result);
    if (!child) this.verifyChildren.set(result, (child = this.m.tokenVerifications.labels(result)));
    child.inc();
  }

  updateCheck(kind: string, entitled: boolean) {
    this.m?.updateChecks.inc({ kind, entitled: String(entitled) });
  }

  download(kind: string, result: DownloadResult) {
    this.m?.downloads.inc({ kind, result });
  }

  /** Times every request Express answers, labelled once it is answered (the route is known by then). */
  httpMiddleware(): RequestHandler {
    const http = this.m?.http;
    return (req: Request, res: Response, next: NextFunction) => {
      if (http) {
        const start = process.hrtime.bigint();
        res.once('finish', () => {
          const seconds = Number(process.hrtime.bigint() - start) / 1e9;
          http.observe(
            { method: methodLabel(req.method), route: routeLabel(req), status: res.statusCode },
            seconds,
          );
        });
      }
      next();
    };
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition: the database figures read now, then every metric. */
  async render(): Promise<string> {
    if (this.m) await this.readDatabaseFigures(this.m);
    return this.registry.metrics();
  }

  private async readDatabaseFigures(m: NonNullable<MetricsService['m']>) {
    try {
      const [orders, mail, ai] = await Promise.all([
        this.orders.figures(),
        this.mail.figures(),
        this.ai.figures(),
      ]);
      const total = (counter: Counter, value: number) => {
        counter.reset();
        counter.inc(value);
      };
      total(m.ordersCreated, orders.created);
      total(m.ordersPaid, orders.paid);
      total(m.ordersRefunded, orders.refunded);
      total(m.revenue, orders.revenueCents);
      total(m.refunded, orders.refundedCents);
      m.refundsPending.set(orders.refundsPending);
      m.needsRefund.set(orders.needsRefund);
      for (const [status, n] of Object.entries(mail.byStatus)) m.mail.set({ status }, n);
      m.mailRetrying.set(mail.retrying);
      m.mailOldest.set(mail.oldestQueuedSeconds);
      for (const [status, n] of Object.entries(ai)) m.aiJobs.set({ status }, n);
      m.databaseUp.set(1);
    } catch (e) {
      m.databaseUp.set(0);
      this.logger.warn(`database figures unavailable: ${(e as Error).message}`);
    }
  }
}
