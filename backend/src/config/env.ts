import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ORDER_LIFETIME_SECONDS } from '@seatkeeper/domain';
import { dataDirProblem } from './data-dir';
import {
  readEnv,
  isWechatBase,
  PAYMENT_GATEWAY_NAMES,
  SECRET_VARIABLE,
  type EnvValues,
  type PaymentGatewayName,
} from './env-schema';
import { insightsConfig, type InsightsConfig } from './insights-config';
import { mailConfig, type MailConfig } from './mail-config';
import { securityConfig, type SecurityConfig } from './security-config';
import { webhooksConfig, type WebhooksConfig } from './webhooks-config';
import { signingKeyFile, storedSigningKey } from './signing-key';
import type { WechatPayConfig } from '../payments/gateways/wechatpay-v3';

/**
 * The one configuration object of the app. Every environment variable is read here, once, through the
 * schema of env-schema.ts (its default, form, message and documentation), then the rules between
 * variables; docs/configuration.md is generated from the schema (`npm run config:docs`), and .env.example
 * lists the same variables (config-docs.spec.ts checks both).
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
    /** WeChat Pay API v3 (its fields declared once, in wechatpay-v3.ts), and whether H5 payment is enabled. */
    wechat?: Omit<WechatPayConfig, 'timeoutMs'> & { h5: boolean };
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
export { PAYMENT_GATEWAY_NAMES, SECRET_VARIABLE };
export type { PaymentGatewayName };

type Env = Record<string, string | undefined>;

/**
 * WECHAT_LOGIN_APP_ID and WECHAT_LOGIN_APP_SECRET together or neither; WECHAT_LOGIN_BASE and WECHAT_API_BASE
 * (defaults: WeChat's own hosts) are http(s) origins with an optional path, no query (docs/sign-in.md).
 */
function wechatLoginConfig(v: EnvValues, problems: string[]): AppConfig['wechatLogin'] {
  const appId = v.WECHAT_LOGIN_APP_ID;
  const appSecret = v.WECHAT_LOGIN_APP_SECRET;
  if (Boolean(appId) !== Boolean(appSecret)) {
    problems.push('WECHAT_LOGIN_APP_ID and WECHAT_LOGIN_APP_SECRET must be set together');
    return undefined;
  }
  if (appId && !/^[A-Za-z0-9_-]{1,64}$/.test(appId))
    problems.push('WECHAT_LOGIN_APP_ID must be the AppID of the website application (wx...)');
  for (const name of ['WECHAT_LOGIN_BASE', 'WECHAT_API_BASE'] as const)
    if (!isWechatBase(v[name]))
      problems.push(
        `${name} must be an http(s) address without a query (got "${v[name].slice(0, 60)}")`,
      );
  return appId && appSecret
    ? { appId, appSecret, loginBase: v.WECHAT_LOGIN_BASE, apiBase: v.WECHAT_API_BASE }
    : undefined;
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

/**
 * Who may sign in, and how (docs/sign-in.md): Google (both variables, required in production), WeChat, and
 * the development sign-in, served without Google outside production behind a loopback PUBLIC_URL or with
 * DEV_SIGN_IN=1.
 */
function signInConfig(
  v: EnvValues,
  {
    isProduction,
    problems,
    warnings,
  }: { isProduction: boolean; problems: string[]; warnings: string[] },
) {
  const publicUrl = v.PUBLIC_URL;
  const googleId = v.GOOGLE_CLIENT_ID;
  const googleSecret = v.GOOGLE_CLIENT_SECRET;
  if (Boolean(googleId) !== Boolean(googleSecret)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const google =
    googleId && googleSecret ? { clientId: googleId, clientSecret: googleSecret } : undefined;

  const wechatLogin = wechatLoginConfig(v, problems);

  if (isProduction && !google)
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required in production');
  const devSignIn = v.DEV_SIGN_IN === '1';
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
  if (!google && !isProduction && !devIdpEnabled) {
    warnings.push(
      `WARNING: nobody can sign in: Google credentials are missing (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET) and the development sign-in is off because PUBLIC_URL ${publicUrl} is not a loopback origin (DEV_SIGN_IN=1 turns it on; never on the internet)`,
    );
  }
  return { google, wechatLogin, devSignIn, devIdpEnabled };
}

/**
 * The session secret and the licence signing key: as configured, else kept in the data directory
 * (generated there once). The data directory is written only for the embedded database, the generated
 * development secret and the generated signing key (once each: a secret or key already there is only read).
 */
function secretAndSigningKey(
  v: EnvValues,
  {
    secret,
    isProduction,
    warnings,
  }: { secret: string | undefined; isProduction: boolean; warnings: string[] },
): { secret: string; licenseSigningKey: AppConfig['licenseSigningKey'] } {
  const { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } = v;
  const configuredSigningKey = v.LICENSE_SIGNING_KEY.configured;
  let licenseSigningKey = v.LICENSE_SIGNING_KEY.key;
  if (
    !databaseUrl ||
    (!secret && !existsSync(secretFile(dataDir))) ||
    (!configuredSigningKey && !existsSync(signingKeyFile(dataDir)))
  ) {
    const problem = dataDirProblem(dataDir, databaseUrl ? 0 : v.DATA_DIR_MIN_FREE_MB);
    if (problem)
      throw new ConfigError(
        // Only with PostgreSQL can a configured key spare the directory (embedded mode needs it anyway).
        databaseUrl && !configuredSigningKey ? `${problem} (or set LICENSE_SIGNING_KEY)` : problem,
      );
  }
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
  return { secret: secret || developmentSecret(dataDir), licenseSigningKey };
}

/**
 * Reads the environment with the schema (env-schema.ts: each variable's default, form and message), then
 * the rules between variables, and builds the one configuration object. Every problem is listed in one
 * ConfigError, each naming its variable; the rules between variables run on the values read even when a
 * variable was refused, so the list is the same as when each variable was checked by hand.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const read = readEnv(env);
  if (!read)
    throw new ConfigError('Invalid configuration: the environment is not a list of variables');
  const { values: v, problems } = read;

  const nodeEnv = v.NODE_ENV;
  const isProduction = nodeEnv === 'production';
  const { PUBLIC_URL: publicUrl, DATABASE_URL: databaseUrl, DATA_DIR: dataDir } = v;

  const secret = v[SECRET_VARIABLE];
  if (isProduction && !secret) throw new ConfigError(`${SECRET_VARIABLE} is not configured`);
  const warnings: string[] = [];
  const { google, wechatLogin, devSignIn, devIdpEnabled } = signInConfig(v, {
    isProduction,
    problems,
    warnings,
  });

  const { payments, problems: paymentProblems } = paymentsConfig(v, { isProduction, publicUrl });
  problems.push(...paymentProblems);

  const {
    mail,
    problems: mailProblems,
    warnings: mailWarnings,
  } = mailConfig(v, {
    isProduction,
    sellerName: v.SELLER_NAME,
  });
  problems.push(...mailProblems);
  warnings.push(...mailWarnings);
  // The development mailbox shows sign-in codes: it is served under the development sign-in's rule.
  mail.devMailbox = mail.devMailbox && devIdpEnabled;

  const security = securityConfig(v, { isProduction });
  const { webhooks, problems: webhookProblems } = webhooksConfig(v, { isProduction });
  problems.push(...webhookProblems);

  const emailSignIn = v.EMAIL_SIGN_IN === 'true' || v.EMAIL_SIGN_IN === '1';
  if (emailSignIn && isProduction && !mail.smtpUrl)
    warnings.push(
      'WARNING: EMAIL_SIGN_IN=true but SMTP_URL is not set: sign-in codes stay queued in the outbox and reach nobody',
    );

  const backupEvery = v.BACKUP_EVERY;

  const insights = insightsConfig(v);

  if (problems.length) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  const keys = secretAndSigningKey(v, { secret, isProduction, warnings });

  return {
    nodeEnv,
    isProduction,
    port: v.PORT,
    publicUrl,
    dataDir,
    databaseUrl,
    secret: keys.secret,
    google,
    wechatLogin,
    devIdpEnabled,
    devIdpAnyHost: devIdpEnabled && devSignIn,
    warnings,
    adminEmails: v.ADMIN_EMAILS,
    quizManagerEmails: v.QUIZ_MANAGER_EMAILS,
    brandName: v.BRAND_NAME,
    sellerName: v.SELLER_NAME,
    sellerTimeZone: v.SELLER_TIME_ZONE,
    supportContact: v.SUPPORT_CONTACT,
    docsUrl: v.DOCS_URL,
    trustProxy: v.TRUST_PROXY.value,
    logLevel: v.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    logFile: v.LOG_FILE,
    sessionCookieName: v.SESSION_COOKIE_NAME,
    sessionMaxAgeDays: v.SESSION_MAX_AGE_DAYS,
    pluginRateLimit: v.PLUGIN_RATE_LIMIT,
    ai: {
      allowPrivateHosts: v.AI_ALLOW_PRIVATE_HOSTS || !isProduction,
      testTimeoutMs: v.AI_TEST_TIMEOUT_MS,
      generationTimeoutMs: v.AI_GENERATION_TIMEOUT_MS,
      jobLeaseSeconds: v.AI_JOB_LEASE_SECONDS,
      jobMaxSeconds: v.AI_JOB_MAX_SECONDS,
      workerConcurrency: v.AI_WORKER_CONCURRENCY,
      queuePerCustomer: Math.floor(v.AI_QUEUE_PER_CUSTOMER),
    },
    payments: {
      ...payments,
      qrLifetimeSeconds: ORDER_LIFETIME_SECONDS,
      refundSweepSeconds: v.REFUND_SWEEP_SECONDS,
      quoteLimits: { customer: v.QUOTE_LIMIT_PER_CUSTOMER, address: v.QUOTE_LIMIT_PER_ADDRESS },
    },
    frontendDist: resolve(v.FRONTEND_DIST || join(__dirname, '../../../frontend/dist')),
    releasesDir: resolve(v.RELEASES_DIR || join(__dirname, '../../../releases')),
    releaseMaxBytes: Math.round(v.RELEASE_MAX_MB * 1024 * 1024),
    mail,
    webhooks,
    emailSignIn,
    downloadLinkTtlSeconds: v.DOWNLOAD_LINK_TTL_SECONDS,
    licenseSigningKey: keys.licenseSigningKey,
    metrics: {
      enabled: !['off', 'false', '0'].includes(v.METRICS),
      token: v.METRICS_TOKEN || undefined,
    },
    insights,
    security,
    backup: {
      dir: resolve(v.BACKUP_DIR || join(dataDir, 'backups')),
      everyMs: backupEvery instanceof Error ? undefined : backupEvery,
      keep: v.BACKUP_KEEP,
    },
  };
}

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
  v: EnvValues,
  { isProduction, publicUrl }: { isProduction: boolean; publicUrl: string },
): {
  payments: Omit<AppConfig['payments'], 'qrLifetimeSeconds' | 'refundSweepSeconds' | 'quoteLimits'>;
  problems: string[];
} {
  const problems: string[] = [];
  const alipayId = v.ALIPAY_APP_ID;
  const wechatMch = v.WECHATPAY_MCH_ID;
  const listed = (v.PAYMENT_GATEWAYS || v.PAYMENT_GATEWAY || '')
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
    if (!alipayId || !v.ALIPAY_PRIVATE_KEY || !v.ALIPAY_PUBLIC_KEY) {
      problems.push(
        'ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY are required for Alipay',
      );
    }
    alipay = {
      appId: alipayId,
      privateKey: v.ALIPAY_PRIVATE_KEY,
      alipayPublicKey: v.ALIPAY_PUBLIC_KEY,
      gateway: v.ALIPAY_GATEWAY,
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
    ] as const;
    const missing = required.filter((k) => !v[k]);
    if (missing.length) problems.push(`${missing.join(', ')} required for WeChat Pay`);
    wechat = {
      appId: v.WECHATPAY_APP_ID,
      mchId: wechatMch,
      privateKey: v.WECHATPAY_PRIVATE_KEY,
      certSerial: v.WECHATPAY_CERT_SERIAL,
      apiV3Key: v.WECHATPAY_API_V3_KEY,
      platformPublicKey: v.WECHATPAY_PLATFORM_PUBLIC_KEY,
      platformSerial: v.WECHATPAY_PLATFORM_SERIAL,
      baseUrl: v.WECHATPAY_GATEWAY,
      h5: v.WECHATPAY_H5,
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
