import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ORDER_LIFETIME_SECONDS } from '@seatkeeper/domain';
import proxyAddr from 'proxy-addr';
import { dataDirProblem } from './data-dir';
import { insightsConfig, type InsightsConfig } from './insights-config';
import { mailConfig, type MailConfig } from './mail-config';
import { securityConfig, type SecurityConfig } from './security-config';
import { webhooksConfig, type WebhooksConfig } from './webhooks-config';
import { parseSigningKey, signingKeyFile, storedSigningKey } from './signing-key';
import { parseBackupEvery } from '../ops/backup-rules';

/**
 * The one configuration object of the app. Every environment variable is read here, once, validated,
 * and documented in docs/configuration.md (with its default) and .env.example.
 */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** Public origin, e.g. https://licences.example.com; empty: derived from each request's Host. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL URL; undefined: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl?: string;
  secret: string;
  google?: { clientId: string; clientSecret: string };
  /**
   * WeChat website sign-in (WECHAT_LOGIN_APP_ID, WECHAT_LOGIN_APP_SECRET; docs/sign-in.md): the Open Platform
   * website application, and where its QR page (loginBase) and API (apiBase) live.
   */
  wechatLogin?: { appId: string; appSecret: string; loginBase: string; apiBase: string };
  /**
   * Development identity provider at /dev-idp (never in production, never with Google): mounted when
   * PUBLIC_URL is empty or loopback, or with DEV_SIGN_IN=1.
   */
  devIdpEnabled: boolean;
  /** DEV_SIGN_IN=1: the development provider answers on any Host (else only loopback requests, see dev-sign-in.ts). */
  devIdpAnyHost: boolean;
  /** One-line warnings main.ts prints at start (e.g. no way to sign in). */
  warnings: string[];
  adminEmails: string[];
  quizManagerEmails: string[];
  brandName: string;
  /** The seller named on receipts (docs/payments.md, "Receipts"), as written. */
  sellerName: string;
  /**
   * SELLER_TIME_ZONE: the IANA time zone of the seller's days (the dashboard's "today" and days, the
   * times of the orders export); default Asia/Shanghai.
   */
  sellerTimeZone: string;
  /**
   * SUPPORT_CONTACT: how customers reach the seller (an e-mail address or an http(s) address), shown where
   * the console sends them for help (a seat with no binding changes left); empty: none configured.
   */
  supportContact: string;
  docsUrl: string;
  /** A hop count or trusted addresses; never `true` (any client could then choose its address). */
  trustProxy: false | number | string;
  logLevel: string;
  /** Append logs to this file instead of standard output. */
  logFile?: string;
  sessionCookieName: string;
  sessionMaxAgeDays: number;
  payments: {
    /** The enabled gateways in order of preference: the first is what `paymentMethod: qrcode` means. */
    gateways: PaymentGatewayName[];
    alipay?: { appId: string; privateKey: string; alipayPublicKey: string; gateway: string };
    wechat?: {
      appId: string;
      mchId: string;
      privateKey: string;
      certSerial: string;
      apiV3Key: string;
      platformPublicKey: string;
      platformSerial: string;
      baseUrl: string;
      h5: boolean;
    };
    /** Seconds a QR code (and its pending order) lives: ORDER_LIFETIME_SECONDS (libs/domain). */
    qrLifetimeSeconds: number;
    /**
     * REFUND_SWEEP_SECONDS: how often unsettled refunds are asked about at their gateway, how old a refund
     * request without an answer must be before it is sent again (same refund number), and how long one
     * instance holds a refund it claimed (docs/rules.md, "Refunds").
     */
    refundSweepSeconds: number;
    /**
     * Price quotes (and orders with a discount code) a minute, per customer (QUOTE_LIMIT_PER_CUSTOMER,
     * 30) and per client address (QUOTE_LIMIT_PER_ADDRESS, 60), per instance (docs/payments.md, "Limits").
     */
    quoteLimits: { customer: number; address: number };
  };
  /** Requests per minute per client address on the plugin-facing calls (verify-token, licence check). */
  pluginRateLimit: number;
  frontendDist: string;
  ai: {
    /** Production refuses provider URLs resolving to private addresses unless this is set. */
    allowPrivateHosts: boolean;
    /** Timeout of one provider call while testing a configuration, and of a generation. */
    testTimeoutMs: number;
    generationTimeoutMs: number;
    /** A running job whose instance vanished is taken over after this lease. */
    jobLeaseSeconds: number;
    /** Whole-workflow limit (docs/product.md#constants: the client gives up after 600 s). */
    jobMaxSeconds: number;
    workerConcurrency: number;
    /**
     * Generations one customer may have waiting or running at once (AI_QUEUE_PER_CUSTOMER, 5); one more
     * is refused 429 AI_QUEUE_FULL (docs/security.md, "AI providers").
     */
    queuePerCustomer: number;
  };
  /** Release zips and manifests served to the plugin and theme (see releases/README.md). */
  releasesDir: string;
  /** The largest release zip an admin may upload, in bytes (RELEASE_MAX_MB, default 50; docs/wordpress.md). */
  releaseMaxBytes: number;
  /** Outbound e-mail through the durable outbox (docs/mail.md). */
  mail: MailConfig;
  /** Webhook and chat notice delivery (docs/webhooks.md): WEBHOOK_* timings, retries, private hosts, CA. */
  webhooks: WebhooksConfig;
  /** EMAIL_SIGN_IN=true: customers may also sign in with a 6-digit code sent to their address (docs/security.md). */
  emailSignIn: boolean;
  /** How long a package link of the update metadata works (docs/wordpress.md). */
  downloadLinkTtlSeconds: number;
  /**
   * The Ed25519 private key (PKCS#8 PEM) that signs the licence check and the update metadata: from
   * LICENSE_SIGNING_KEY, else generated once in DATA_DIR (docs/wordpress.md, Signatures).
   */
  licenseSigningKey: string;
  /**
   * Prometheus metrics at /metrics (docs/monitoring.md): METRICS=off turns them off (nothing counted, a 404);
   * METRICS_TOKEN, when set, is the bearer token every scrape must present (else only this machine's requests).
   */
  metrics: { enabled: boolean; token?: string };
  /** INSIGHTS, INSIGHTS_WRITE_EVERY_SECONDS, INSIGHTS_FLUSH_SECONDS, INSIGHTS_RETENTION_DAYS (docs/insights.md). */
  insights: InsightsConfig;
  /** HOST, API_DOCS, ADMIN_EMAIL_SIGN_IN, EMAIL_CODE_FAILURES_PER_DAY, DOCS_IMAGE_HOSTS (docs/security.md, "Exposure"). */
  security: SecurityConfig;
  /**
   * Backups (docs/operations.md): BACKUP_DIR (default DATA_DIR/backups), BACKUP_EVERY (e.g. 24h; unset: the
   * app takes none by itself) and BACKUP_KEEP (default 14 files kept).
   */
  backup: { dir: string; everyMs?: number; keep: number };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
export const SECRET_VARIABLE = 'BETTER_AUTH_SECRET';

type Env = Record<string, string | undefined>;

function emailList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}

function parseTrustProxy(value: string | undefined, problems: string[]): false | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value.trim().toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY=true is refused: it trusts every X-Forwarded-For entry, so any client could pick its own address ' +
        '(and escape the plugin rate limit); give the number of proxies in front of the app (e.g. 1) or their addresses or subnets (e.g. loopback, 10.0.0.0/8)',
    );
    return false;
  }
  if (/^\d+$/.test(value)) return Number(value);
  try {
    proxyAddr.compile(value.split(',').map((v) => v.trim()));
  } catch {
    problems.push(
      `TRUST_PROXY must be a hop count, loopback, linklocal, uniquelocal or addresses/subnets (got "${value}")`,
    );
  }
  return value; // e.g. "loopback" or a list of subnets, as Express accepts
}

/**
 * WECHAT_LOGIN_APP_ID and WECHAT_LOGIN_APP_SECRET together or neither; WECHAT_LOGIN_BASE and WECHAT_API_BASE
 * (defaults: WeChat's own hosts) are http(s) origins with an optional path, no query (docs/sign-in.md).
 */
function wechatLoginConfig(env: Env, problems: string[]): AppConfig['wechatLogin'] {
  const appId = (env.WECHAT_LOGIN_APP_ID ?? '').trim();
  const appSecret = (env.WECHAT_LOGIN_APP_SECRET ?? '').trim();
  if (Boolean(appId) !== Boolean(appSecret)) {
    problems.push('WECHAT_LOGIN_APP_ID and WECHAT_LOGIN_APP_SECRET must be set together');
    return undefined;
  }
  if (appId && !/^[A-Za-z0-9_-]{1,64}$/.test(appId))
    problems.push('WECHAT_LOGIN_APP_ID must be the AppID of the website application (wx...)');
  const base = (name: string, fallback: string) => {
    const value = (env[name] || fallback).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(value))
      problems.push(
        `${name} must be an http(s) address without a query (got "${value.slice(0, 60)}")`,
      );
    return value;
  };
  const loginBase = base('WECHAT_LOGIN_BASE', 'https://open.weixin.qq.com');
  const apiBase = base('WECHAT_API_BASE', 'https://api.weixin.qq.com');
  return appId && appSecret ? { appId, appSecret, loginBase, apiBase } : undefined;
}

/** localhost, *.localhost, 127.0.0.0/8 or ::1 (a host name as in a URL, IPv6 in brackets). */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(h) ||
    h === '[::1]' ||
    h === '::1'
  );
}

/** A time zone Intl knows by its IANA name (Asia/Shanghai, UTC, Europe/Paris). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const secretFile = (dataDir: string) => join(dataDir, 'secret');

/** Reads the development secret from the data directory, creating it once. */
function developmentSecret(dataDir: string): string {
  const file = secretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export class ConfigError extends Error {}

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const nodeEnvRaw = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnvRaw}")`);
  }
  const nodeEnv = nodeEnvRaw as AppConfig['nodeEnv'];
  const isProduction = nodeEnv === 'production';

  const port = Number(env.PORT ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push('PORT must be an integer between 0 and 65535');

  const publicUrl = (env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl)) {
    problems.push('PUBLIC_URL must be an origin such as https://example.com (no path)');
  }

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL must be a postgres:// URL');

  const dataDir = resolve(env.DATA_DIR || './data');

  const googleId = env.GOOGLE_CLIENT_ID || '';
  const googleSecret = env.GOOGLE_CLIENT_SECRET || '';
  if (Boolean(googleId) !== Boolean(googleSecret)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const google =
    googleId && googleSecret ? { clientId: googleId, clientSecret: googleSecret } : undefined;

  const wechatLogin = wechatLoginConfig(env, problems);

  let secret = env[SECRET_VARIABLE] ?? '';
  if (isProduction) {
    if (!secret) throw new ConfigError(`${SECRET_VARIABLE} is not configured`);
    if (!google)
      problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required in production');
  }
  const devSignInRaw = (env.DEV_SIGN_IN ?? '').trim();
  if (!['', '0', '1'].includes(devSignInRaw))
    problems.push(`DEV_SIGN_IN must be 1 or 0 (got "${devSignInRaw}")`);
  const devSignIn = devSignInRaw === '1';
  if (devSignIn && isProduction)
    problems.push('DEV_SIGN_IN=1 is refused in production: it lets anyone sign in as any address');
  const loopbackPublicUrl =
    !publicUrl ||
    (() => {
      try {
        return isLoopbackHostname(new URL(publicUrl).hostname);
      } catch {
        return false;
      }
    })();
  const devIdpEnabled = !google && !isProduction && (devSignIn || loopbackPublicUrl);
  const warnings: string[] = [];
  if (!google && !isProduction && !devIdpEnabled) {
    warnings.push(
      `WARNING: nobody can sign in: Google credentials are missing (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET) and the development sign-in is off because PUBLIC_URL ${publicUrl} is not a loopback origin (DEV_SIGN_IN=1 turns it on; never on the internet)`,
    );
  }
  if (secret && secret.length < 32)
    problems.push(`${SECRET_VARIABLE} must be at least 32 characters`);

  const sessionMaxAgeDays = Number(env.SESSION_MAX_AGE_DAYS ?? '30');
  if (!(sessionMaxAgeDays > 0)) problems.push('SESSION_MAX_AGE_DAYS must be a positive number');

  const { payments, problems: paymentProblems } = paymentsConfig(env, { isProduction, publicUrl });
  problems.push(...paymentProblems);

  const num = (name: string, fallback: number, min = 1) => {
    const v = Number(env[name] ?? fallback);
    if (!Number.isFinite(v) || v < min) problems.push(`${name} must be a number >= ${min}`);
    return v;
  };
  const ai = {
    allowPrivateHosts:
      env.AI_ALLOW_PRIVATE_HOSTS === 'true' || env.AI_ALLOW_PRIVATE_HOSTS === '1' || !isProduction,
    testTimeoutMs: num('AI_TEST_TIMEOUT_MS', 15_000),
    generationTimeoutMs: num('AI_GENERATION_TIMEOUT_MS', 120_000),
    jobLeaseSeconds: num('AI_JOB_LEASE_SECONDS', 180),
    jobMaxSeconds: num('AI_JOB_MAX_SECONDS', 600),
    workerConcurrency: num('AI_WORKER_CONCURRENCY', 2),
    queuePerCustomer: Math.floor(num('AI_QUEUE_PER_CUSTOMER', 5)),
  };

  const dataDirMinFreeMb = num('DATA_DIR_MIN_FREE_MB', 64, 0);
  const refundSweepSeconds = num('REFUND_SWEEP_SECONDS', 60);
  const quoteLimits = {
    customer: num('QUOTE_LIMIT_PER_CUSTOMER', 30),
    address: num('QUOTE_LIMIT_PER_ADDRESS', 60),
  };

  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);

  const sellerName = (env.SELLER_NAME ?? '').trim() || 'seatkeeper';
  if (sellerName.length > 200) problems.push('SELLER_NAME must be at most 200 characters');
  const sellerTimeZone = (env.SELLER_TIME_ZONE ?? '').trim() || 'Asia/Shanghai';
  if (!isTimeZone(sellerTimeZone))
    problems.push(
      `SELLER_TIME_ZONE must be an IANA time zone such as Asia/Shanghai or Europe/Paris (got "${sellerTimeZone.slice(0, 64)}")`,
    );

  const supportContact = (env.SUPPORT_CONTACT ?? '').trim();
  if (supportContact && !isSupportContact(supportContact))
    problems.push(
      'SUPPORT_CONTACT must be an e-mail address or an http(s) address of at most 200 characters',
    );

  const {
    mail,
    problems: mailProblems,
    warnings: mailWarnings,
  } = mailConfig(env, {
    isProduction,
    sellerName,
  });
  problems.push(...mailProblems);
  warnings.push(...mailWarnings);
  // The development mailbox shows sign-in codes: it is served under the development sign-in's rule.
  mail.devMailbox = mail.devMailbox && devIdpEnabled;

  const { security, problems: securityProblems } = securityConfig(env, { isProduction });
  problems.push(...securityProblems);
  const { webhooks, problems: webhookProblems } = webhooksConfig(env, { isProduction });
  problems.push(...webhookProblems);

  const emailSignInRaw = (env.EMAIL_SIGN_IN ?? '').trim().toLowerCase();
  if (!['', 'true', 'false', '1', '0'].includes(emailSignInRaw))
    problems.push(`EMAIL_SIGN_IN must be true or false (got "${emailSignInRaw.slice(0, 20)}")`);
  const emailSignIn = emailSignInRaw === 'true' || emailSignInRaw === '1';
  if (emailSignIn && isProduction && !mail.smtpUrl)
    warnings.push(
      'WARNING: EMAIL_SIGN_IN=true but SMTP_URL is not set: sign-in codes stay queued in the outbox and reach nobody',
    );

  const pluginRateLimit = Number(env.PLUGIN_RATE_LIMIT ?? '300');
  if (!Number.isInteger(pluginRateLimit) || pluginRateLimit < 1)
    problems.push('PLUGIN_RATE_LIMIT must be a positive integer');

  const downloadLinkTtlSeconds = Number(env.DOWNLOAD_LINK_TTL_SECONDS ?? '86400');
  if (!Number.isInteger(downloadLinkTtlSeconds) || downloadLinkTtlSeconds < 1)
    problems.push('DOWNLOAD_LINK_TTL_SECONDS must be a positive integer');

  const releaseMaxMb = Number(env.RELEASE_MAX_MB ?? '50');
  if (!Number.isFinite(releaseMaxMb) || releaseMaxMb <= 0 || releaseMaxMb > 1024)
    problems.push('RELEASE_MAX_MB must be a number of megabytes above 0 and at most 1024');

  const configuredSigningKey = (env.LICENSE_SIGNING_KEY ?? '').trim();
  let licenseSigningKey = configuredSigningKey ? parseSigningKey(configuredSigningKey) : '';
  if (configuredSigningKey && !licenseSigningKey)
    problems.push(
      'LICENSE_SIGNING_KEY must be an Ed25519 private key: PKCS#8 PEM (openssl genpkey -algorithm ed25519) or the base64 of its 32-byte seed',
    );

  const backupEvery = parseBackupEvery(env.BACKUP_EVERY);
  if (backupEvery instanceof Error) problems.push(backupEvery.message);
  const backupKeep = Number(env.BACKUP_KEEP ?? '14');
  if (!Number.isInteger(backupKeep) || backupKeep < 1)
    problems.push('BACKUP_KEEP must be a positive integer (how many backup files to keep)');

  const { insights, problems: insightsProblems } = insightsConfig(env);
  problems.push(...insightsProblems);
  const metricsRaw = (env.METRICS ?? '').trim().toLowerCase();
  if (!['', 'on', 'off', 'true', 'false', '1', '0'].includes(metricsRaw))
    problems.push(`METRICS must be on or off (got "${metricsRaw.slice(0, 20)}")`);
  const metricsToken = (env.METRICS_TOKEN ?? '').trim();
  if (metricsToken && (metricsToken.length < 16 || /\s/.test(metricsToken)))
    problems.push('METRICS_TOKEN must be at least 16 characters without spaces');

  if (problems.length) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  // The data directory is written only for the embedded database, the generated development secret and
  // the generated signing key (once each: a secret or key already there is only read).
  if (
    !databaseUrl ||
    (!secret && !existsSync(secretFile(dataDir))) ||
    (!configuredSigningKey && !existsSync(signingKeyFile(dataDir)))
  ) {
    const problem = dataDirProblem(dataDir, databaseUrl ? 0 : dataDirMinFreeMb);
    if (problem)
      throw new ConfigError(
        // Only with PostgreSQL can a configured key spare the directory (embedded mode needs it anyway).
        databaseUrl && !configuredSigningKey ? `${problem} (or set LICENSE_SIGNING_KEY)` : problem,
      );
  }
  if (!secret) secret = developmentSecret(dataDir);
  if (!licenseSigningKey) {
    try {
      licenseSigningKey = storedSigningKey(dataDir);
    } catch (e) {
      throw new ConfigError((e as Error).message);
    }
    // Every instance must sign with the same key, and the sellers' plugins pin its public key: a key
    // generated in a container's DATA_DIR differs per instance and is lost with the container.
    if (isProduction && databaseUrl)
      warnings.push(
        `WARNING: LICENSE_SIGNING_KEY is not set: the licence answers are signed with ${signingKeyFile(dataDir)}; several instances, or an instance without a lasting DATA_DIR, must all be given the same LICENSE_SIGNING_KEY (docs/deployment.md)`,
      );
  }

  return {
    nodeEnv,
    isProduction,
    port,
    publicUrl,
    dataDir,
    databaseUrl,
    secret,
    google,
    wechatLogin,
    devIdpEnabled,
    devIdpAnyHost: devIdpEnabled && devSignIn,
    warnings,
    adminEmails: emailList(env.ADMIN_EMAILS),
    quizManagerEmails: emailList(env.QUIZ_MANAGER_EMAILS),
    brandName: (env.BRAND_NAME || 'seatkeeper').toLowerCase(),
    sellerName,
    sellerTimeZone,
    supportContact,
    docsUrl: env.DOCS_URL || '/docs',
    trustProxy,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    logFile: env.LOG_FILE ? resolve(env.LOG_FILE) : undefined,
    sessionCookieName: env.SESSION_COOKIE_NAME || 'seatkeeper.sid',
    sessionMaxAgeDays,
    pluginRateLimit,
    ai,
    payments: {
      ...payments,
      qrLifetimeSeconds: ORDER_LIFETIME_SECONDS,
      refundSweepSeconds,
      quoteLimits,
    },
    frontendDist: resolve(env.FRONTEND_DIST || join(__dirname, '../../../frontend/dist')),
    releasesDir: resolve(env.RELEASES_DIR || join(__dirname, '../../../releases')),
    releaseMaxBytes: Math.round(releaseMaxMb * 1024 * 1024),
    mail,
    webhooks,
    emailSignIn,
    downloadLinkTtlSeconds,
    licenseSigningKey,
    metrics: {
      enabled: !['off', 'false', '0'].includes(metricsRaw),
      token: metricsToken || undefined,
    },
    insights,
    security,
    backup: {
      dir: resolve(env.BACKUP_DIR || join(dataDir, 'backups')),
      everyMs: backupEvery instanceof Error ? undefined : backupEvery,
      keep: backupKeep,
    },
  };
}

/** SUPPORT_CONTACT's forms: an e-mail address, or an http(s) address a browser can open. */
export function isSupportContact(value: string): boolean {
  if (value.length > 200 || /\s/.test(value)) return false;
  if (/^[^@/:]+@[^@/:]+\.[^@/:]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export const PAYMENT_GATEWAY_NAMES = ['alipay', 'wechat', 'sandbox'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];

const pem = (value: string | undefined) => (value ?? '').replace(/\\n/g, '\n').trim();
const keyProblem = (name: string, value: string, kind: 'private' | 'public') => {
  try {
    if (kind === 'private') createPrivateKey(value);
    else createPublicKey(value);
    return null;
  } catch {
    return `${name} is not a PEM ${kind} key`;
  }
};

/**
 * The payment gateways (docs/payments.md): each is enabled by its own configuration, in the order of
 * PAYMENT_GATEWAYS, else Alipay and WeChat Pay when configured, else the sandbox outside production.
 * PAYMENT_GATEWAY (one name) is the older spelling of PAYMENT_GATEWAYS.
 */
export function paymentsConfig(
  env: NodeJS.ProcessEnv,
  { isProduction, publicUrl }: { isProduction: boolean; publicUrl: string },
): {
  payments: Omit<AppConfig['payments'], 'qrLifetimeSeconds' | 'refundSweepSeconds' | 'quoteLimits'>;
  problems: string[];
} {
  const problems: string[] = [];
  const alipayId = env.ALIPAY_APP_ID || '';
  const wechatMch = env.WECHATPAY_MCH_ID || '';
  const listed = (env.PAYMENT_GATEWAYS || env.PAYMENT_GATEWAY || '')
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  const configured = [alipayId ? 'alipay' : '', wechatMch ? 'wechat' : ''].filter(Boolean);
  const names = listed.length ? listed : configured.length ? configured : ['sandbox'];
  const unknown = names.filter((n) => !(PAYMENT_GATEWAY_NAMES as readonly string[]).includes(n));
  if (unknown.length)
    problems.push(
      `PAYMENT_GATEWAYS may name only ${PAYMENT_GATEWAY_NAMES.join(', ')} (not ${unknown.join(', ')})`,
    );
  const gateways = [...new Set(names)].filter((n): n is PaymentGatewayName =>
    (PAYMENT_GATEWAY_NAMES as readonly string[]).includes(n),
  );
  if (gateways.includes('sandbox') && isProduction)
    problems.push(
      'the sandbox payment gateway is refused in production: configure Alipay or WeChat Pay',
    );
  if (gateways.some((g) => g !== 'sandbox') && !publicUrl)
    problems.push('PUBLIC_URL is required for Alipay and WeChat Pay (their notify URLs)');

  let alipay: AppConfig['payments']['alipay'];
  if (gateways.includes('alipay')) {
    if (!alipayId || !env.ALIPAY_PRIVATE_KEY || !env.ALIPAY_PUBLIC_KEY) {
      problems.push(
        'ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY are required for Alipay',
      );
    }
    alipay = {
      appId: alipayId,
      privateKey: pem(env.ALIPAY_PRIVATE_KEY),
      alipayPublicKey: pem(env.ALIPAY_PUBLIC_KEY),
      gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
    };
  }

  let wechat: AppConfig['payments']['wechat'];
  if (gateways.includes('wechat')) {
    const required = [
      'WECHATPAY_APP_ID',
      'WECHATPAY_MCH_ID',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_CERT_SERIAL',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_PLATFORM_SERIAL',
    ];
    const missing = required.filter((k) => !env[k]);
    if (missing.length) problems.push(`${missing.join(', ')} required for WeChat Pay`);
    wechat = {
      appId: env.WECHATPAY_APP_ID || '',
      mchId: wechatMch,
      privateKey: pem(env.WECHATPAY_PRIVATE_KEY),
      certSerial: env.WECHATPAY_CERT_SERIAL || '',
      apiV3Key: env.WECHATPAY_API_V3_KEY || '',
      platformPublicKey: pem(env.WECHATPAY_PLATFORM_PUBLIC_KEY),
      platformSerial: env.WECHATPAY_PLATFORM_SERIAL || '',
      baseUrl: env.WECHATPAY_GATEWAY || 'https://api.mch.weixin.qq.com',
      h5: env.WECHATPAY_H5 === 'true' || env.WECHATPAY_H5 === '1',
    };
    if (!missing.length) {
      if (!/^\d{6,12}$/.test(wechat.mchId))
        problems.push('WECHATPAY_MCH_ID must be the merchant number (digits)');
      if (Buffer.byteLength(wechat.apiV3Key) !== 32)
        problems.push('WECHATPAY_API_V3_KEY must be 32 characters');
      const bad = [
        keyProblem('WECHATPAY_PRIVATE_KEY', wechat.privateKey, 'private'),
        keyProblem('WECHATPAY_PLATFORM_PUBLIC_KEY', wechat.platformPublicKey, 'public'),
      ].filter((p): p is string => Boolean(p));
      problems.push(...bad);
    }
  }
  return { payments: { gateways, alipay, wechat }, problems };
}
