import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { errorLine } from '../common/loggable-error';
import { Periodic } from '../common/periodic';
import { isUuid } from '../common/query';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { InstallBuffer } from './install-buffer';
import {
  DAY_MS,
  kindOf,
  localeOf,
  productOf,
  siteHost,
  versionOf,
  wordPressAgent,
  type CheckIn,
  type InstallKind,
} from './install-rules';
import { installsDashboard, siteOf } from './install-rollups';
import type { InstallsDashboardDto, InstallSitesDto } from './dto/installs.dto';
import { InstallsStore } from './installs.store';

/** The most sites one customer page lists, and stopped sites the dashboard lists. */
const CUSTOMER_SITES = 200;
const STOPPED_LISTED = 50;

/** What a licence check tells about its site, beside what LicensesService answers. */
export interface LicenceCheckFields {
  product?: unknown;
  kind?: unknown;
  version?: unknown;
  wp_version?: unknown;
  php_version?: unknown;
  locale?: unknown;
}

/**
 * Install insights (docs/insights.md): the hot paths hand their check-ins to `fromLicenceCheck` and
 * `fromUpdateCheck`, which only read the fields and offer them to this instance's buffer; a timer writes
 * the buffer every INSIGHTS_FLUSH_SECONDS in one statement. A failed write is logged once (until one
 * succeeds) and its check-ins are kept for the next flush.
 */
@Injectable()
export class InstallsService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Installs');
  private readonly buffer: InstallBuffer;
  private readonly flushes: Periodic;
  private inFlight: Promise<void> | null = null;
  private failing = false;
  private reportedDrops = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: InstallsStore,
    private readonly scheduler: SchedulerRegistry,
  ) {
    this.buffer = new InstallBuffer(config.insights.writeEveryMs);
    this.flushes = new Periodic(() => this.flush(), {
      name: 'install-insights-flush',
      everyMs: config.insights.flushMs,
      unref: true,
      logger: this.logger,
    });
  }

  get enabled() {
    return this.config.insights.enabled;
  }

  /** The flushes every INSIGHTS_FLUSH_SECONDS, stopped here on module destroy (then one last flush). */
  onModuleInit() {
    if (!this.enabled) return;
    this.flushes.start();
  }

  /** The sweep every hour, cleared by ScheduleModule before the shutdown hooks. */
  onApplicationBootstrap(): void {
    new Periodic(() => this.sweep(), {
      name: 'install-insights-sweep',
      everyMs: 3600_000,
      registry: this.scheduler,
      logger: this.logger,
    }).start();
  }

  /**
   * A licence check of a known activation code (`userId` set). Recorded only when the body names the
   * product (the SDK does; an older SDK's check leaves no row, its update checks do).
   */
  fromLicenceCheck(
    fields: LicenceCheckFields,
    checked: { host: string; userId: string | null; licenseId: string | null },
  ) {
    if (!this.enabled || !checked.userId || !checked.host) return;
    const product = productOf(fields.product);
    const kind = kindOf(fields.kind);
    if (!product || !kind) return;
    const host = siteHost(checked.host);
    if (!host) return;
    this.offer({
      kind,
      product,
      host,
      productVersion: versionOf(fields.version),
      wpVersion: versionOf(fields.wp_version),
      phpVersion: versionOf(fields.php_version),
      locale: localeOf(fields.locale),
      userId: checked.userId,
      licenseId: checked.licenseId,
    });
  }

  /**
   * An update check of a known product (plugin-update-checker's and the SDK's query: `installed_version`,
   * `php`, `locale`; WordPress's User-Agent `WordPress/x.y; <site>`). The site is the `site` argument's
   * host, else the User-Agent's.
   */
  fromUpdateCheck(
    kind: InstallKind,
    product: string,
    query: { site?: unknown; installed_version?: unknown; php?: unknown; locale?: unknown },
    userAgent: unknown,
    checked: { host: string; userId: string | null; licenseId: string | null } | null,
  ) {
    if (!this.enabled) return;
    const agent = wordPressAgent(userAgent);
    const host = (checked?.host ? siteHost(checked.host) : siteHost(query.site)) ?? agent.host;
    const slug = productOf(product);
    if (!host || !slug) return;
    this.offer({
      kind,
      product: slug,
      host,
      productVersion: versionOf(query.installed_version),
      wpVersion: agent.wpVersion,
      phpVersion: versionOf(query.php),
      locale: localeOf(query.locale),
      userId: checked?.userId ?? null,
      licenseId: checked?.licenseId ?? null,
    });
  }

  private offer(checkIn: CheckIn) {
    this.buffer.offer(checkIn);
  }

  /** Writes what this instance holds (one statement); one flush at a time. */
  flush(): Promise<void> {
    if (this.inFlight) return this.inFlight.then(() => this.flush());
    const run = this.write().finally(() => (this.inFlight = null));
    this.inFlight = run;
    return run;
  }

  private async write() {
    if (this.buffer.dropped > this.reportedDrops) {
      this.logger.warn(
        `install insights: ${this.buffer.dropped - this.reportedDrops} check-ins not recorded (the buffer was full)`,
      );
      this.reportedDrops = this.buffer.dropped;
    }
    const batch = this.buffer.take();
    if (!batch.length) return;
    try {
      await this.store.write(batch, this.config.insights.writeEveryMs);
      if (this.failing) this.logger.log('install insights are written again');
      this.failing = false;
    } catch (e) {
      if (!this.failing)
        this.logger.warn(`install insights not written, kept for the next try: ${errorLine(e)}`);
      this.failing = true;
      this.buffer.giveBack(batch);
    }
  }

  /** Deletes sites unseen for INSIGHTS_RETENTION_DAYS (hourly; any instance may: one statement). */
  async sweep(): Promise<void> {
    if (!this.enabled) return;
    try {
      await this.store.sweep(new Date(Date.now() - this.config.insights.retentionDays * DAY_MS));
    } catch (e) {
      this.logger.warn(`sweeping old install insights failed: ${errorLine(e)}`);
    }
  }

  async onModuleDestroy() {
    this.flushes.stop();
    await this.flush();
  }

  /** The admin dashboard's figures (docs/insights.md, "The dashboard"). */
  async dashboard(now = Date.now()): Promise<InstallsDashboardDto> {
    const week = new Date(now - 7 * DAY_MS);
    const month = new Date(now - 30 * DAY_MS);
    const [products, versions, wp, php, stopped] = await Promise.all([
      this.store.products(week, month),
      this.store.grouped('product_version', week, month),
      this.store.grouped('wp_version', week, month),
      this.store.grouped('php_version', week, month),
      this.store.stopped(month, STOPPED_LISTED),
    ]);
    return installsDashboard({ products, versions, wp, php, stopped }, this.enabled);
  }

  /** One customer's sites, most recently seen first (the admin customer page, the console). */
  async sitesOf(userId: string): Promise<InstallSitesDto> {
    if (!isUuid(userId)) return { sites: [] };
    const rows = await this.store.forUser(userId, CUSTOMER_SITES);
    return { sites: rows.map(siteOf) };
  }
}
