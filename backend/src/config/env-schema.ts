import { isIP } from 'node:net';
import { resolve } from 'node:path';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { parseBackupEvery } from '../ops/backup-rules';
import { parseSigningKey } from './signing-key';

/**
 * Every environment variable of the app, in one zod schema: how each is read (its default, its form) and the
 * message naming it when it is wrong, with its documentation beside it (`configDocs`). loadConfig (env.ts)
 * parses the environment with it, then applies the rules between variables; docs/configuration.md is
 * generated from it (`npm run config:docs`, config-docs.ts) and config-docs.spec.ts fails when it drifts.
 */

/** The topics of docs/configuration.md, in its order, each with the sentence that opens it. */
export const CONFIG_GROUPS = {
  server: [
    'Server, storage and logs',
    'Where the app listens, the address it answers for, where its data lives and where its logs go.',
  ],
  backups: [
    'Backups',
    '`npm run backup` and `npm run restore` (README, "Backups"; docs/operations.md), and the backups the running app takes by itself.',
  ],
  signIn: [
    'Sign-in, roles and sessions',
    'Who may sign in and how (docs/sign-in.md, docs/security.md), who is an admin, and how long a session lasts.',
  ],
  store: [
    'The store and its pages',
    'What the store calls itself and its seller, the seller\'s days, and what its pages may show or link to (docs/security.md, "Exposure").',
  ],
  mail: ['Mail', 'Receipts, notices and sign-in codes go through a durable outbox (docs/mail.md).'],
  webhooks: [
    'Webhooks and chat notices',
    'Delivery of webhooks and chat robot notices (docs/webhooks.md, docs/chat-notices.md).',
  ],
  wordpress: [
    'Releases and the WordPress plugin',
    'The releases served to the plugin and theme, the plugin-facing calls and their signatures (docs/wordpress.md).',
  ],
  monitoring: [
    'Monitoring and install insights',
    'Prometheus metrics (docs/monitoring.md) and install insights (docs/insights.md).',
  ],
  payments: ['Payments', 'The payment gateways and their limits (docs/payments.md).'],
  ai: [
    'AI assistance',
    'Calls to the AI providers customers configure, and the generation queue (docs/security.md, "AI providers").',
  ],
  tools: ['Tests and tools', 'Read by the test and benchmark scripts, not by the app.'],
} as const satisfies Record<string, readonly [title: string, intro: string]>;

export type ConfigGroup = keyof typeof CONFIG_GROUPS;

/** One variable's line in docs/configuration.md. */
export interface VariableDoc {
  group: ConfigGroup;
  /** The default as a reader should see it (Markdown); `empty` when unset means off or none. */
  default: string;
  /** The values it accepts (Markdown), when they are a short list or form. */
  allowed?: string;
  /** What it does (Markdown). */
  description: string;
  /** Documented in the line of this other variable (a pair set together, such as an id and its secret). */
  sameRowAs?: string;
}

/** The documentation of each variable's schema entry (zod registry: metadata beside the schema). */
export const configDocs = z.registry<VariableDoc>();

type Raw = string | undefined;

/**
 * A variable read by `read` (its default and form); `problem` names what is wrong with it, or nothing.
 * The value is still produced after a problem, so that the rules between variables (loadConfig) see what
 * they saw before.
 */
function variable<T>(read: (raw: Raw) => T, problem?: (value: T, raw: Raw) => string | undefined) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = read(raw);
      const message = problem?.(value, raw);
      if (message) ctx.issues.push({ code: 'custom', message, input: raw });
      return value;
    });
}

/** The text as set (undefined when unset): read where its rules live (mail-config.ts, ...). */
const text = () => variable((raw) => raw);

/** A number (default `fallback`) of at least `min`: `NAME must be a number >= min`. */
const atLeast = (name: string, fallback: number, min = 1) =>
  variable(
    (raw) => Number(raw ?? fallback),
    (v) => (!Number.isFinite(v) || v < min ? `${name} must be a number >= ${min}` : undefined),
  );

/** A whole number (default `fallback`) of at least 1: `message` otherwise. */
const positiveInteger = (fallback: string, message: string) =>
  variable(
    (raw) => Number(raw ?? fallback),
    (v) => (!Number.isInteger(v) || v < 1 ? message : undefined),
  );

/** `true` or `1` (else false, nothing refused). */
const yes = () => variable((raw) => raw === 'true' || raw === '1');

const emailList = () =>
  variable((raw) =>
    (raw ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

/** A PEM with `\n` escapes allowed (one line in an environment file). */
const pem = () => variable((raw) => (raw ?? '').replace(/\\n/g, '\n').trim());

/** Set or empty (`''`). */
const orEmpty = () => variable((raw) => raw || '');

/** The raw text, trimmed and lower-case ('' when unset). */
const lower = (raw: Raw) => (raw ?? '').trim().toLowerCase();

/**
 * A switch, `true`/`1` or `false`/`0` (`NAME must be true or false (got "...")`); unset or refused: `fallback`
 * (undefined: the default depends on other variables and is loadConfig's).
 */
function trueOrFalse(name: string): ReturnType<typeof variable<boolean | undefined>>;
function trueOrFalse(name: string, fallback: boolean): ReturnType<typeof variable<boolean>>;
function trueOrFalse(name: string, fallback?: boolean) {
  return variable(
    (raw) => {
      const value = lower(raw);
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return fallback;
    },
    (_, raw) => {
      const value = lower(raw);
      return value && !['true', '1', 'false', '0'].includes(value)
        ? `${name} must be true or false (got "${value.slice(0, 20)}")`
        : undefined;
    },
  );
}

/** A whole number from `min` to `max`; unset or refused: `fallback` (`NAME must be a whole number from ...`). */
const wholeFromTo = (name: string, fallback: number, min: number, max: number) => {
  const valid = (text: string) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;
  return variable(
    (raw) => {
      const text = (raw ?? '').trim();
      return valid(text) ? Number(text) : fallback;
    },
    (_, raw) => {
      const text = (raw ?? '').trim();
      return text && !valid(text)
        ? `${name} must be a whole number from ${min} to ${max} (got "${text.slice(0, 20)}")`
        : undefined;
    },
  );
};

/** A host name (letters, digits, hyphens, dots; `*.` in front for any subdomain) or an IP address, with an optional port. */
const HOST_ENTRY =
  /^(\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/;

/** Whether DOCS_IMAGE_HOSTS may hold this entry (also the browser's CSP source for it: no scheme, no path). */
export function isImageHostEntry(entry: string): boolean {
  if (entry.length > 253) return false;
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(entry);
  if (bracketed) return isIP(bracketed[1]) === 6;
  return HOST_ENTRY.test(entry);
}

/** HOST: an IP address or a host name to listen on (no port, no wildcard); unset: undefined. */
const listenHost = () =>
  variable(
    (raw) => (raw ?? '').trim() || undefined,
    (host) =>
      host && !isIP(host) && !(host.length <= 253 && !/[*:]/.test(host) && HOST_ENTRY.test(host))
        ? `HOST must be an address to listen on, such as 127.0.0.1, 0.0.0.0 or :: (got "${host.slice(0, 60)}")`
        : undefined,
  );

/** DOCS_IMAGE_HOSTS: comma-separated image hosts, lower-case, each once. */
const imageHosts = () =>
  variable(
    (raw) => [
      ...new Set(
        (raw ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    ],
    (hosts) => {
      const bad = hosts.filter((h) => !isImageHostEntry(h));
      return bad.length
        ? `DOCS_IMAGE_HOSTS must list host names such as images.example.com or *.example.com, without a scheme or path (not ${bad
            .map((h) => `"${h.slice(0, 60)}"`)
            .join(', ')})`
        : undefined;
    },
  );

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const SECRET_VARIABLE = 'BETTER_AUTH_SECRET';
export const PAYMENT_GATEWAY_NAMES = ['alipay', 'wechat', 'sandbox'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];

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

const TRUST_PROXY_TRUE =
  'TRUST_PROXY=true is refused: it trusts every X-Forwarded-For entry, so any client could pick its own address ' +
  '(and escape the plugin rate limit); give the number of proxies in front of the app (e.g. 1) or their addresses or subnets (e.g. loopback, 10.0.0.0/8)';

/** A hop count or trusted addresses; never `true` (any client could then choose its address). */
function trustProxy(raw: Raw): { value: false | number | string; problem?: string } {
  if (raw === undefined || raw === '' || raw === 'false') return { value: false };
  if (raw.trim().toLowerCase() === 'true') return { value: false, problem: TRUST_PROXY_TRUE };
  if (/^\d+$/.test(raw)) return { value: Number(raw) };
  try {
    proxyAddr.compile(raw.split(',').map((v) => v.trim()));
    return { value: raw }; // e.g. "loopback" or a list of subnets, as Express accepts
  } catch {
    return {
      value: raw,
      problem: `TRUST_PROXY must be a hop count, loopback, linklocal, uniquelocal or addresses/subnets (got "${raw}")`,
    };
  }
}

const WECHAT_BASE = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/;
/** WECHAT_LOGIN_BASE, WECHAT_API_BASE: checked by loadConfig when WeChat sign-in is configured. */
const wechatBase = (fallback: string) => variable((raw) => (raw || fallback).replace(/\/+$/, ''));
/** Whether a WECHAT_*_BASE value is an http(s) origin with an optional path and no query. */
export const isWechatBase = (value: string) => WECHAT_BASE.test(value);

const d = (doc: VariableDoc) => doc;

export const envSchema = z.object({
  // Server, storage and logs.
  NODE_ENV: variable(
    (raw) => (raw ?? 'development') as (typeof NODE_ENVS)[number],
    (v) =>
      (NODE_ENVS as readonly string[]).includes(v)
        ? undefined
        : `NODE_ENV must be development, production or test (got "${v}")`,
  ).register(
    configDocs,
    d({
      group: 'server',
      default: '`development`',
      allowed: NODE_ENVS.map((e) => `\`${e}\``).join(', '),
      description:
        'Production refuses to start without `BETTER_AUTH_SECRET` (message `BETTER_AUTH_SECRET is not configured`), without Google credentials and with the sandbox payment gateway.',
    }),
  ),
  PORT: variable(
    (raw) => Number(raw ?? '3000'),
    (v) =>
      !Number.isInteger(v) || v < 0 || v > 65535
        ? 'PORT must be an integer between 0 and 65535'
        : undefined,
  ).register(
    configDocs,
    d({
      group: 'server',
      default: '`3000`',
      allowed: '0 to 65535',
      description: 'HTTP port of the API and the app.',
    }),
  ),
  HOST: listenHost().register(
    configDocs,
    d({
      group: 'server',
      default: '`127.0.0.1` outside production; every interface in production',
      allowed: 'an IP address or host name',
      description:
        'The address the server listens on. Outside production only this machine reaches it by default, so the development pages (`/dev-idp`, `/sandbox-pay`, `/dev-ai`, `/dev-mail`) are not reachable from the network; `0.0.0.0` (or `::`) listens on every interface, e.g. a development container. Production (the Docker image, `docker/compose.yml`) keeps every interface unless `HOST` says otherwise (docs/security.md, "Exposure").',
    }),
  ),
  PUBLIC_URL: variable(
    (raw) => (raw ?? '').replace(/\/+$/, ''),
    (v) =>
      v && !/^https?:\/\/[^/]+$/.test(v)
        ? 'PUBLIC_URL must be an origin such as https://example.com (no path)'
        : undefined,
  ).register(
    configDocs,
    d({
      group: 'server',
      default: 'empty',
      allowed: 'an http(s) origin, no path',
      description:
        "Public origin (`https://licences.example.com`). Used for the OAuth callback, the CSRF origin check, the gateways' notify URLs and signed download links; empty: taken from each request's Host. Required with Alipay and WeChat Pay.",
    }),
  ),
  TRUST_PROXY: variable(trustProxy, (v) => v.problem).register(
    configDocs,
    d({
      group: 'server',
      default: '`false`',
      allowed: 'a hop count, `loopback`, `linklocal`, `uniquelocal`, addresses or subnets',
      description:
        'Express `trust proxy`. Needed behind a load balancer (secure cookies, client addresses for rate limits). `true` is refused at start: it trusts every `X-Forwarded-For` entry, so any client could choose its own address and escape the plugin rate limit.',
    }),
  ),
  DATA_DIR: variable((raw) => resolve(raw || './data')).register(
    configDocs,
    d({
      group: 'server',
      default: '`./data`',
      description:
        'Embedded database (`DATA_DIR/pglite`), the generated development secret (`DATA_DIR/secret`) and the generated licence signing key.',
    }),
  ),
  DATA_DIR_MIN_FREE_MB: atLeast('DATA_DIR_MIN_FREE_MB', 64, 0).register(
    configDocs,
    d({
      group: 'server',
      default: '`64`',
      allowed: '0 or more',
      description:
        'Embedded mode refuses to start when `DATA_DIR` has less free space than this (0 disables); a read-only, unwritable or full data directory stops the start with one sentence naming the directory and the fix.',
    }),
  ),
  DATABASE_URL: variable(
    (raw) => raw || undefined,
    (v) =>
      v && !/^postgres(ql)?:\/\//.test(v) ? 'DATABASE_URL must be a postgres:// URL' : undefined,
  ).register(
    configDocs,
    d({
      group: 'server',
      default: 'empty',
      allowed: '`postgres://` or `postgresql://` URL',
      description:
        '`postgres://user:password@host:5432/db`. Empty: embedded PostgreSQL (PGlite, with pg_trgm) in `DATA_DIR`. Same migrations on both.',
    }),
  ),
  FRONTEND_DIST: text().register(
    configDocs,
    d({
      group: 'server',
      default: '`frontend/dist`',
      description: 'Where the built React app is served from.',
    }),
  ),
  LOG_LEVEL: variable((raw) => raw || undefined).register(
    configDocs,
    d({
      group: 'server',
      default: '`info` (`silent` in tests)',
      description: 'pino level of the JSON logs.',
    }),
  ),
  LOG_FILE: variable((raw) => (raw ? resolve(raw) : undefined)).register(
    configDocs,
    d({
      group: 'server',
      default: 'empty',
      description: 'Append logs to this file instead of standard output.',
    }),
  ),

  // Backups.
  BACKUP_DIR: text().register(
    configDocs,
    d({
      group: 'backups',
      default: '`DATA_DIR/backups`',
      description:
        'Where `npm run backup` and the scheduled backups write their files (`seatkeeper-<UTC time>.pglite.tar.gz` or `.pgdump`; README, "Backups").',
    }),
  ),
  BACKUP_EVERY: variable(parseBackupEvery, (v) =>
    v instanceof Error ? v.message : undefined,
  ).register(
    configDocs,
    d({
      group: 'backups',
      default: 'empty (none)',
      allowed: '`30m`, `6h`, `24h`, `7d` (at least `15m`); `off` or `0`: none',
      description:
        'The running app takes a backup each period, on one instance only, records it in the audit log and e-mails the admins when it fails (docs/operations.md).',
    }),
  ),
  BACKUP_KEEP: positiveInteger(
    '14',
    'BACKUP_KEEP must be a positive integer (how many backup files to keep)',
  ).register(
    configDocs,
    d({
      group: 'backups',
      default: '`14`',
      allowed: 'a whole number from 1',
      description:
        'How many of its backup files `BACKUP_DIR` keeps (the oldest beyond are deleted; other files are never touched).',
    }),
  ),

  // Sign-in, roles and sessions.
  [SECRET_VARIABLE]: variable(
    (raw) => raw ?? '',
    (v) => (v && v.length < 32 ? `${SECRET_VARIABLE} must be at least 32 characters` : undefined),
  ).register(
    configDocs,
    d({
      group: 'signIn',
      default: 'generated in development',
      allowed: 'at least 32 characters',
      description:
        'Signs session cookies; derives (HKDF) the AES-256-GCM keys for activation codes and AI keys, and the keys of signed links. Required in production; in development generated once into `DATA_DIR/secret` (mode 600). Must be the same on every instance.',
    }),
  ),
  GOOGLE_CLIENT_ID: orEmpty().register(
    configDocs,
    d({
      group: 'signIn',
      default: 'empty',
      description:
        'Google OAuth client (authorized redirect URI: `PUBLIC_URL/api/auth/callback/google`). Both or neither; required in production. Without them (outside production) the development identity provider at `/dev-idp/` is used, on loopback only (see `DEV_SIGN_IN`).',
    }),
  ),
  GOOGLE_CLIENT_SECRET: orEmpty().register(
    configDocs,
    d({ group: 'signIn', default: 'empty', description: '', sameRowAs: 'GOOGLE_CLIENT_ID' }),
  ),
  WECHAT_LOGIN_APP_ID: variable((raw) => (raw ?? '').trim()).register(
    configDocs,
    d({
      group: 'signIn',
      default: 'empty',
      description:
        "WeChat scan-to-sign-in (微信扫码登录): the AppID (`wx...`) and AppSecret of a website application on the WeChat Open Platform, whose authorised callback domain is `PUBLIC_URL`'s host (callback `PUBLIC_URL/api/auth/callback/wechat`). Both or neither. Empty: no WeChat anywhere, the login page as before. `docs/sign-in.md`.",
    }),
  ),
  WECHAT_LOGIN_APP_SECRET: variable((raw) => (raw ?? '').trim()).register(
    configDocs,
    d({ group: 'signIn', default: 'empty', description: '', sameRowAs: 'WECHAT_LOGIN_APP_ID' }),
  ),
  WECHAT_LOGIN_BASE: wechatBase('https://open.weixin.qq.com').register(
    configDocs,
    d({
      group: 'signIn',
      default: '`https://open.weixin.qq.com`',
      allowed: 'http(s) address, no query',
      description:
        "Where WeChat's QR page and API live; point both at the development WeChat server (`http://localhost:3000/dev-wechat`, loopback only, never in production) to try the flow locally (`docs/sign-in.md`).",
    }),
  ),
  WECHAT_API_BASE: wechatBase('https://api.weixin.qq.com').register(
    configDocs,
    d({
      group: 'signIn',
      default: '`https://api.weixin.qq.com`',
      description: '',
      sameRowAs: 'WECHAT_LOGIN_BASE',
    }),
  ),
  DEV_SIGN_IN: variable(
    (raw) => (raw ?? '').trim(),
    (v) => (['', '0', '1'].includes(v) ? undefined : `DEV_SIGN_IN must be 1 or 0 (got "${v}")`),
  ).register(
    configDocs,
    d({
      group: 'signIn',
      default: 'empty',
      allowed: '`1`, `0`',
      description:
        'Without Google credentials, the development identity provider (anyone signs in as any address) answers only requests made on this machine: `PUBLIC_URL` empty or loopback, a loopback `Host`, a loopback peer address and no proxy headers; elsewhere the login page says Google credentials are missing, and a non-loopback `PUBLIC_URL` prints one warning line at start. `1` serves it on any host (a shared staging box, a container reached through a port mapping): never on the internet. Refused in production.',
    }),
  ),
  EMAIL_SIGN_IN: variable(
    (raw) => (raw ?? '').trim().toLowerCase(),
    (v) =>
      ['', 'true', 'false', '1', '0'].includes(v)
        ? undefined
        : `EMAIL_SIGN_IN must be true or false (got "${v.slice(0, 20)}")`,
  ).register(
    configDocs,
    d({
      group: 'signIn',
      default: '`false`',
      allowed: '`true`, `false`, `1`, `0`',
      description:
        '`true`: besides Google, the login page offers sign-in with a 6-digit code e-mailed to the address (valid 10 minutes, 5 attempts, 3 codes per address per 15 minutes, 20 per client address per hour; `docs/security.md`). Codes go through the outbox, so set `SMTP_URL` (production warns without it). Off: the endpoints answer 404 and the login page shows only Google.',
    }),
  ),
  EMAIL_CODE_FAILURES_PER_DAY: variable(
    (raw) => Number((raw ?? '10').trim()),
    (value, raw) =>
      !/^\d+$/.test((raw ?? '10').trim()) || value < 1 || value > 1000
        ? 'EMAIL_CODE_FAILURES_PER_DAY must be a whole number from 1 to 1000'
        : undefined,
  ).register(
    configDocs,
    d({
      group: 'signIn',
      default: '`10`',
      allowed: 'a whole number from 1 to 1000',
      description:
        'Wrong e-mail codes one address may get in a seller day (`SELLER_TIME_ZONE`): the one that spends the budget locks sign-in by code for that address until the next day (429 `EMAIL_CODE_DAILY_LOCKED`, even for the right code), and its owner gets one e-mail saying so (docs/security.md, "E-mail sign-in").',
    }),
  ),
  ADMIN_EMAIL_SIGN_IN: trueOrFalse('ADMIN_EMAIL_SIGN_IN', false).register(
    configDocs,
    d({
      group: 'signIn',
      default: '`false`',
      allowed: '`true`, `false`, `1`, `0`',
      description:
        "`true` lets the addresses of `ADMIN_EMAILS` sign in by e-mail code too; by default they sign in with Google only (403 `EMAIL_SIGN_IN_ADMIN_REFUSED`): a mailbox is a weaker key than the admin's Google account.",
    }),
  ),
  ADMIN_EMAILS: emailList().register(
    configDocs,
    d({
      group: 'signIn',
      default: 'empty',
      allowed: 'comma-separated e-mail addresses',
      description: 'Admin e-mail addresses (they also count as VIP).',
    }),
  ),
  QUIZ_MANAGER_EMAILS: emailList().register(
    configDocs,
    d({
      group: 'signIn',
      default: 'empty',
      allowed: 'comma-separated e-mail addresses',
      description: 'Quiz managers, in addition to the admins.',
    }),
  ),
  SESSION_COOKIE_NAME: variable((raw) => raw || 'seatkeeper.sid').register(
    configDocs,
    d({ group: 'signIn', default: '`seatkeeper.sid`', description: 'Session cookie name.' }),
  ),
  SESSION_MAX_AGE_DAYS: variable(
    (raw) => Number(raw ?? '30'),
    (v) => (!(v > 0) ? 'SESSION_MAX_AGE_DAYS must be a positive number' : undefined),
  ).register(
    configDocs,
    d({
      group: 'signIn',
      default: '`30`',
      allowed: 'a number above 0',
      description: 'Rolling session lifetime (days).',
    }),
  ),

  // The store and its pages.
  BRAND_NAME: variable((raw) => (raw || 'seatkeeper').toLowerCase()).register(
    configDocs,
    d({
      group: 'store',
      default: '`seatkeeper`',
      description: 'Brand shown (lower-case) in the header.',
    }),
  ),
  SELLER_NAME: variable(
    (raw) => (raw ?? '').trim() || 'seatkeeper',
    (v) => (v.length > 200 ? 'SELLER_NAME must be at most 200 characters' : undefined),
  ).register(
    configDocs,
    d({
      group: 'store',
      default: '`seatkeeper`',
      allowed: 'at most 200 characters',
      description:
        'The seller named on receipts (`/orders/:orderId`, printed; docs/payments.md, "Receipts"), as written.',
    }),
  ),
  SELLER_TIME_ZONE: variable(
    (raw) => (raw ?? '').trim() || 'Asia/Shanghai',
    (v) =>
      isTimeZone(v)
        ? undefined
        : `SELLER_TIME_ZONE must be an IANA time zone such as Asia/Shanghai or Europe/Paris (got "${v.slice(0, 64)}")`,
  ).register(
    configDocs,
    d({
      group: 'store',
      default: '`Asia/Shanghai`',
      allowed: 'an IANA time zone',
      description:
        'The seller\'s time zone (checked at start): the days and "today" of the admin dashboard, the times in the orders CSV export.',
    }),
  ),
  SUPPORT_CONTACT: variable(
    (raw) => (raw ?? '').trim(),
    (v) =>
      v && !isSupportContact(v)
        ? 'SUPPORT_CONTACT must be an e-mail address or an http(s) address of at most 200 characters'
        : undefined,
  ).register(
    configDocs,
    d({
      group: 'store',
      default: 'empty',
      allowed: 'an e-mail address or an http(s) address (at most 200 characters)',
      description:
        "How customers reach the seller: an e-mail address (`help@shop.example`) or a contact page. The console names it where a customer needs the seller, e.g. a seat with no binding changes left; empty: it says to contact the seller through this site's contact. Anything else is refused at start.",
    }),
  ),
  DOCS_URL: variable((raw) => raw || '/docs').register(
    configDocs,
    d({
      group: 'store',
      default: '`/docs`',
      description:
        "Where the header's docs item points: `/docs` (this site, same tab), or an address elsewhere (new tab).",
    }),
  ),
  DOCS_IMAGE_HOSTS: imageHosts().register(
    configDocs,
    d({
      group: 'store',
      default: 'empty',
      allowed: 'comma-separated hosts, `*.` for any subdomain, an optional port; no scheme or path',
      description:
        'Hosts Markdown images (docs, quiz, changelogs) may load from besides the store\'s own origin: `images.example.com`, `cdn.example.com:8443`, `*.example.com`. Empty: own origin only. Both the page\'s `img-src` (CSP) and the Markdown renderer hold to it, so no third party can count the readers (docs/security.md, "Exposure").',
    }),
  ),
  API_DOCS: trueOrFalse('API_DOCS').register(
    configDocs,
    d({
      group: 'store',
      default: '`true` outside production, `false` in production',
      allowed: '`true`, `false`, `1`, `0`',
      description:
        'Swagger UI at `/api/docs` and the OpenAPI document at `/api/docs-json`. Off in production unless `true` (the committed `api/openapi.json` is the reference either way).',
    }),
  ),

  // Mail (read by mail-config.ts).
  SMTP_URL: text().register(
    configDocs,
    d({
      group: 'mail',
      default: 'empty',
      allowed: '`smtp://` or `smtps://` URL',
      description:
        "Outgoing mail server, `smtps://user:password@smtp.example.com:465` (credentials in the URL, never logged). Receipts and notices are written to an outbox in their event's transaction and sent by a worker on every instance, retried after 1 min, 5 min, 30 min, 2 h (`docs/mail.md`). Empty: they stay queued; `/dev-mail/` shows them wherever the development sign-in is served (this machine only; never with Google or in production); production warns.",
    }),
  ),
  MAIL_FROM: text().register(
    configDocs,
    d({
      group: 'mail',
      default: '`SELLER_NAME <no-reply@localhost.localdomain>`',
      allowed: '`name@host` or `Name <name@host>`',
      description:
        'Sender, `receipts@example.com` or `Shop <receipts@example.com>`; required with `SMTP_URL`. Messages name the seller by `SELLER_NAME`.',
    }),
  ),
  MAIL_POLL_MS: atLeast('MAIL_POLL_MS', 5000, 50).register(
    configDocs,
    d({
      group: 'mail',
      default: '`5000`',
      allowed: 'at least 50',
      description: "How often each instance's mail worker looks for due messages.",
    }),
  ),
  MAIL_LEASE_SECONDS: atLeast('MAIL_LEASE_SECONDS', 120, 1).register(
    configDocs,
    d({
      group: 'mail',
      default: '`120`',
      allowed: 'at least 1',
      description:
        'A message being sent by an instance that vanished is taken over after this lease.',
    }),
  ),
  MAIL_SEND_TIMEOUT_MS: atLeast('MAIL_SEND_TIMEOUT_MS', 30_000, 100).register(
    configDocs,
    d({
      group: 'mail',
      default: '`30000`',
      allowed: 'at least 100, below the lease',
      description: 'Timeout of each SMTP step; must be below the lease.',
    }),
  ),
  MAIL_RETRY_DELAYS: text().register(
    configDocs,
    d({
      group: 'mail',
      default: '`60,300,1800,7200`',
      allowed: 'up to 20 comma-separated seconds',
      description:
        'Seconds between attempts; after a failed attempt past the last delay the message is failed (a 5xx answer fails at once).',
    }),
  ),

  // Webhooks and chat notices (read by webhooks-config.ts).
  WEBHOOK_RETRY_DELAYS: text().register(
    configDocs,
    d({
      group: 'webhooks',
      default: '`60,300,1800,7200,18000,36000,22800`',
      allowed: 'up to 30 comma-separated seconds',
      description:
        'Seconds between webhook delivery attempts (eight attempts over 24 hours by default); after the last the delivery is failed and can be sent again from `/admin/webhooks` ([docs/webhooks.md](webhooks.md)).',
    }),
  ),
  WEBHOOK_TIMEOUT_MS: atLeast('WEBHOOK_TIMEOUT_MS', 10_000, 100).register(
    configDocs,
    d({
      group: 'webhooks',
      default: '`10000`',
      allowed: 'at least 100, below the lease',
      description:
        "One webhook attempt's limit, from connecting to the end of the answer (below `WEBHOOK_LEASE_SECONDS`).",
    }),
  ),
  WEBHOOK_CONCURRENCY: atLeast('WEBHOOK_CONCURRENCY', 4, 1).register(
    configDocs,
    d({
      group: 'webhooks',
      default: '`4`',
      allowed: 'a whole number from 1 to 64',
      description: 'Webhook deliveries each instance sends at once.',
    }),
  ),
  WEBHOOK_POLL_MS: atLeast('WEBHOOK_POLL_MS', 1000, 20).register(
    configDocs,
    d({
      group: 'webhooks',
      default: '`1000`',
      allowed: 'at least 20',
      description: "How often each instance's webhook worker looks for due deliveries.",
    }),
  ),
  WEBHOOK_LEASE_SECONDS: atLeast('WEBHOOK_LEASE_SECONDS', 60, 1).register(
    configDocs,
    d({
      group: 'webhooks',
      default: '`60`',
      allowed: 'at least 1',
      description:
        'A delivery being sent by an instance that vanished is retaken after this (the receiver gets the same `webhook-id` again).',
    }),
  ),
  WEBHOOK_DISABLE_AFTER_HOURS: atLeast('WEBHOOK_DISABLE_AFTER_HOURS', 72, 0.0001).register(
    configDocs,
    d({
      group: 'webhooks',
      default: '`72`',
      allowed: 'a number above 0',
      description:
        'An endpoint failing this long without one delivered attempt is disabled and every admin e-mailed.',
    }),
  ),
  WEBHOOK_ALLOW_PRIVATE_HOSTS: text().register(
    configDocs,
    d({
      group: 'webhooks',
      default: '`false` in production, else `true`',
      allowed: '`true`, `false`, `1`, `0`',
      description:
        "`true`: webhook endpoints may be on loopback or private networks (the AI settings' SSRF guard otherwise refuses them).",
    }),
  ),
  WEBHOOK_CA_FILE: text().register(
    configDocs,
    d({
      group: 'webhooks',
      default: 'empty',
      allowed: 'a readable PEM file',
      description:
        "PEM file of extra certificate authorities trusted for webhook deliveries, beside the system's (a receiver with an internal CA).",
    }),
  ),

  // Releases and the WordPress plugin.
  RELEASES_DIR: text().register(
    configDocs,
    d({
      group: 'wordpress',
      default: '`releases/` (repo root)',
      description:
        "Seeds each product's first release into the database at start (a product already in the `releases` table is never read again from here); also the products' description, installation and homepage texts (see `releases/README.md`).",
    }),
  ),
  RELEASE_MAX_MB: variable(
    (raw) => Number(raw ?? '50'),
    (v) =>
      !Number.isFinite(v) || v <= 0 || v > 1024
        ? 'RELEASE_MAX_MB must be a number of megabytes above 0 and at most 1024'
        : undefined,
  ).register(
    configDocs,
    d({
      group: 'wordpress',
      default: '`50`',
      allowed: 'above 0, at most 1024',
      description:
        'The largest plugin or theme zip an admin may upload at `/admin/releases` (megabytes; a larger upload answers 413 `RELEASE_TOO_LARGE`). Releases are stored in the database in 256 kB chunks and streamed (`docs/wordpress.md`, Releases).',
    }),
  ),
  PLUGIN_RATE_LIMIT: positiveInteger(
    '300',
    'PLUGIN_RATE_LIMIT must be a positive integer',
  ).register(
    configDocs,
    d({
      group: 'wordpress',
      default: '`300`',
      allowed: 'a whole number from 1',
      description:
        'Requests per minute per client address on `POST /api/verify-token` and `POST /api/licenses/check` counted by every instance together (docs/security.md, "Rate limits").',
    }),
  ),
  DOWNLOAD_LINK_TTL_SECONDS: positiveInteger(
    '86400',
    'DOWNLOAD_LINK_TTL_SECONDS must be a positive integer',
  ).register(
    configDocs,
    d({
      group: 'wordpress',
      default: '`86400`',
      allowed: 'a whole number from 1',
      description:
        'How long a package link of the WordPress update metadata works (seconds). Update checkers keep the link until their next check (up to twelve hours for background updates); the link also stops at once when its seat is revoked, expires or moves to another site (`docs/wordpress.md`).',
    }),
  ),
  LICENSE_SIGNING_KEY: variable(
    (raw) => {
      const configured = (raw ?? '').trim();
      return { configured, key: configured ? parseSigningKey(configured) : '' };
    },
    (v) =>
      v.configured && !v.key
        ? 'LICENSE_SIGNING_KEY must be an Ed25519 private key: PKCS#8 PEM (openssl genpkey -algorithm ed25519) or the base64 of its 32-byte seed'
        : undefined,
  ).register(
    configDocs,
    d({
      group: 'wordpress',
      default: 'generated once in `DATA_DIR/license-signing-key.pem`',
      allowed: 'PKCS#8 PEM or base64 of a 32-byte seed',
      description:
        'Ed25519 private key that signs the licence check and the update metadata (`X-Seatkeeper-Signature`): PKCS#8 PEM (`openssl genpkey -algorithm ed25519`; `\\n` escapes allowed) or the base64 of its 32-byte seed. Sellers pin its public half (`GET /api/licenses/public-key`) in their plugins: keep it, and give every instance the same value.',
    }),
  ),

  // Monitoring and install insights.
  METRICS: variable(
    (raw) => (raw ?? '').trim().toLowerCase(),
    (v) =>
      ['', 'on', 'off', 'true', 'false', '1', '0'].includes(v)
        ? undefined
        : `METRICS must be on or off (got "${v.slice(0, 20)}")`,
  ).register(
    configDocs,
    d({
      group: 'monitoring',
      default: '`on`',
      allowed: '`on`, `off`, `true`, `false`, `1`, `0`',
      description:
        '`off` turns the Prometheus metrics off: nothing counted, `/metrics` answers 404 (see [docs/monitoring.md](monitoring.md)).',
    }),
  ),
  METRICS_TOKEN: variable(
    (raw) => (raw ?? '').trim(),
    (v) =>
      v && (v.length < 16 || /\s/.test(v))
        ? 'METRICS_TOKEN must be at least 16 characters without spaces'
        : undefined,
  ).register(
    configDocs,
    d({
      group: 'monitoring',
      default: 'empty',
      allowed: 'at least 16 characters, no spaces',
      description:
        'Bearer token every `GET /metrics` must carry (constant-time compare; 401 otherwise). Empty: only requests made on this machine with no forwarding header are answered, others get 404 (docs/monitoring.md, Access).',
    }),
  ),
  INSIGHTS: variable(
    (raw) => !['off', 'false', '0'].includes(lower(raw)),
    (_, raw) =>
      ['', 'on', 'off', 'true', 'false', '1', '0'].includes(lower(raw))
        ? undefined
        : `INSIGHTS must be on or off (got "${lower(raw).slice(0, 20)}")`,
  ).register(
    configDocs,
    d({
      group: 'monitoring',
      default: '`on`',
      allowed: '`on`, `off`, `true`, `false`, `1`, `0`',
      description:
        '`off`: install insights record nothing (which versions of the products sites run; see [docs/insights.md](insights.md)).',
    }),
  ),
  INSIGHTS_WRITE_EVERY_SECONDS: wholeFromTo(
    'INSIGHTS_WRITE_EVERY_SECONDS',
    3600,
    1,
    7 * 86400,
  ).register(
    configDocs,
    d({
      group: 'monitoring',
      default: '`3600`',
      allowed: 'a whole number from 1 to 604800',
      description: "A site's install row is written at most once in this time (docs/insights.md).",
    }),
  ),
  INSIGHTS_FLUSH_SECONDS: wholeFromTo('INSIGHTS_FLUSH_SECONDS', 10, 1, 3600).register(
    configDocs,
    d({
      group: 'monitoring',
      default: '`10`',
      allowed: 'a whole number from 1 to 3600',
      description:
        'How often an instance writes the check-ins it holds, in one statement (docs/insights.md).',
    }),
  ),
  INSIGHTS_RETENTION_DAYS: wholeFromTo('INSIGHTS_RETENTION_DAYS', 365, 31, 3650).register(
    configDocs,
    d({
      group: 'monitoring',
      default: '`365`',
      allowed: 'a whole number from 31 to 3650',
      description:
        'A site unseen this long is deleted from the install insights (docs/insights.md).',
    }),
  ),

  // Payments.
  PAYMENT_GATEWAYS: variable((raw) => raw || undefined).register(
    configDocs,
    d({
      group: 'payments',
      default:
        'the configured ones (`alipay` when `ALIPAY_APP_ID` is set, `wechat` when `WECHATPAY_MCH_ID` is set), else `sandbox`',
      allowed: `comma-separated: ${PAYMENT_GATEWAY_NAMES.map((g) => `\`${g}\``).join(', ')}`,
      description:
        "The enabled gateways in order of preference; the first is what the spec's `paymentMethod: qrcode` means, and `GET /api/payments/methods` lists them. `sandbox` (development: the QR opens `/sandbox-pay/<order>`, whose button sends a signed notification) is refused in production.",
    }),
  ),
  PAYMENT_GATEWAY: variable((raw) => raw || undefined).register(
    configDocs,
    d({
      group: 'payments',
      default: 'empty',
      description: 'The older spelling of `PAYMENT_GATEWAYS` (one name), read when that is unset.',
    }),
  ),
  QUOTE_LIMIT_PER_CUSTOMER: atLeast('QUOTE_LIMIT_PER_CUSTOMER', 30).register(
    configDocs,
    d({
      group: 'payments',
      default: '`30`',
      allowed: 'at least 1',
      description:
        'Price quotes (`POST /api/payments/quote`, and orders carrying a discount code) per customer per minute (all instances together); then 429 `PAYMENT_RATE_LIMITED` with `Retry-After` (docs/payments.md, "Limits").',
    }),
  ),
  QUOTE_LIMIT_PER_ADDRESS: atLeast('QUOTE_LIMIT_PER_ADDRESS', 60).register(
    configDocs,
    d({
      group: 'payments',
      default: '`60`',
      allowed: 'at least 1',
      description: 'The same, per client address.',
    }),
  ),
  REFUND_SWEEP_SECONDS: atLeast('REFUND_SWEEP_SECONDS', 60).register(
    configDocs,
    d({
      group: 'payments',
      default: '`60`',
      allowed: 'at least 1',
      description:
        'How often (seconds) refunds still pending at their gateway are asked about, and how long a refund request without an answer (a time-out, a stopped instance) waits before it is sent again with the same refund number (docs/rules.md, "Refunds").',
    }),
  ),
  ALIPAY_APP_ID: orEmpty().register(
    configDocs,
    d({
      group: 'payments',
      default: 'empty',
      description:
        "Alipay face-to-face payment: your app id, your app's RSA2 private key (PEM, PKCS#1; `\\n` escapes allowed) and Alipay's public key. Notifications arrive at `PUBLIC_URL/api/payments/notify/alipay`.",
    }),
  ),
  ALIPAY_PRIVATE_KEY: pem().register(
    configDocs,
    d({ group: 'payments', default: 'empty', description: '', sameRowAs: 'ALIPAY_APP_ID' }),
  ),
  ALIPAY_PUBLIC_KEY: pem().register(
    configDocs,
    d({ group: 'payments', default: 'empty', description: '', sameRowAs: 'ALIPAY_APP_ID' }),
  ),
  ALIPAY_GATEWAY: variable((raw) => raw || 'https://openapi.alipay.com/gateway.do').register(
    configDocs,
    d({
      group: 'payments',
      default: '`https://openapi.alipay.com/gateway.do`',
      description: "Alipay gateway (the sandbox gateway's URL for Alipay's own sandbox).",
    }),
  ),
  WECHATPAY_APP_ID: orEmpty().register(
    configDocs,
    d({
      group: 'payments',
      default: 'empty',
      description:
        'WeChat Pay API v3 (Native QR payments; H5 on phones): the app id bound to the merchant and the merchant number (digits).',
    }),
  ),
  WECHATPAY_MCH_ID: orEmpty().register(
    configDocs,
    d({ group: 'payments', default: 'empty', description: '', sameRowAs: 'WECHATPAY_APP_ID' }),
  ),
  WECHATPAY_PRIVATE_KEY: pem().register(
    configDocs,
    d({
      group: 'payments',
      default: 'empty',
      description:
        "The merchant's API private key (PEM; `\\n` escapes allowed) and its certificate's serial number (signs every request).",
    }),
  ),
  WECHATPAY_CERT_SERIAL: orEmpty().register(
    configDocs,
    d({ group: 'payments', default: 'empty', description: '', sameRowAs: 'WECHATPAY_PRIVATE_KEY' }),
  ),
  WECHATPAY_API_V3_KEY: orEmpty().register(
    configDocs,
    d({
      group: 'payments',
      default: 'empty',
      allowed: '32 characters',
      description: 'The APIv3 key that decrypts notification resources.',
    }),
  ),
  WECHATPAY_PLATFORM_PUBLIC_KEY: pem().register(
    configDocs,
    d({
      group: 'payments',
      default: 'empty',
      description:
        "WeChat Pay's platform public key (PEM) and its id (`PUB_KEY_ID_...`): answers and notifications are verified with it. Notifications arrive at `PUBLIC_URL/api/payments/notify/wechat`.",
    }),
  ),
  WECHATPAY_PLATFORM_SERIAL: orEmpty().register(
    configDocs,
    d({
      group: 'payments',
      default: 'empty',
      description: '',
      sameRowAs: 'WECHATPAY_PLATFORM_PUBLIC_KEY',
    }),
  ),
  WECHATPAY_GATEWAY: variable((raw) => raw || 'https://api.mch.weixin.qq.com').register(
    configDocs,
    d({
      group: 'payments',
      default: '`https://api.mch.weixin.qq.com`',
      description: 'The API base (tests point it at a local WeChat Pay server).',
    }),
  ),
  WECHATPAY_H5: yes().register(
    configDocs,
    d({
      group: 'payments',
      default: '`false`',
      allowed: '`true`, `1`; anything else is false',
      description:
        '`true` when the merchant has H5 payment enabled: a phone then gets a button that opens WeChat Pay beside the QR code.',
    }),
  ),

  // AI assistance.
  AI_ALLOW_PRIVATE_HOSTS: yes().register(
    configDocs,
    d({
      group: 'ai',
      default: '`false` in production',
      allowed: '`true`, `1`',
      description:
        'Allow AI provider URLs resolving to loopback, private, link-local or metadata addresses (always allowed outside production, where `/dev-ai/v1` is a local OpenAI-compatible provider).',
    }),
  ),
  AI_TEST_TIMEOUT_MS: atLeast('AI_TEST_TIMEOUT_MS', 15_000).register(
    configDocs,
    d({
      group: 'ai',
      default: '`15000`',
      allowed: 'at least 1',
      description: "Timeout of each provider call of 'test and save'.",
    }),
  ),
  AI_GENERATION_TIMEOUT_MS: atLeast('AI_GENERATION_TIMEOUT_MS', 120_000).register(
    configDocs,
    d({
      group: 'ai',
      default: '`120000`',
      allowed: 'at least 1',
      description: 'Timeout of one generation call.',
    }),
  ),
  AI_JOB_LEASE_SECONDS: atLeast('AI_JOB_LEASE_SECONDS', 180).register(
    configDocs,
    d({
      group: 'ai',
      default: '`180`',
      allowed: 'at least 1',
      description: 'A running generation whose instance vanished is taken over after this lease.',
    }),
  ),
  AI_JOB_MAX_SECONDS: atLeast('AI_JOB_MAX_SECONDS', 600).register(
    configDocs,
    d({
      group: 'ai',
      default: '`600`',
      allowed: 'at least 1',
      description:
        'A generation not finished by then is `timed_out` (docs/product.md, "Constants": the client gives up after 600 s).',
    }),
  ),
  AI_WORKER_CONCURRENCY: atLeast('AI_WORKER_CONCURRENCY', 2).register(
    configDocs,
    d({
      group: 'ai',
      default: '`2`',
      allowed: 'at least 1',
      description: 'Generations one instance runs at once.',
    }),
  ),
  AI_QUEUE_PER_CUSTOMER: atLeast('AI_QUEUE_PER_CUSTOMER', 5).register(
    configDocs,
    d({
      group: 'ai',
      default: '`5`',
      allowed: 'at least 1',
      description:
        'Generations one customer may have waiting or running at once; one more is refused `429` `AI_QUEUE_FULL` with `Retry-After` (workers take customers in turns: docs/security.md, "AI providers").',
    }),
  ),
});

/** The environment as the schema reads it: each variable's value (before the rules between variables). */
export type EnvValues = z.output<typeof envSchema>;

/**
 * Reads the environment with the schema: every variable's value (a refused one as read, so that the rules
 * between variables still run on it) and the problems, each naming its variable; undefined when the
 * environment is not a list of variables.
 */
export function readEnv(
  env: Record<string, string | undefined>,
): { values: EnvValues; problems: string[] } | undefined {
  let values: EnvValues | undefined;
  const parsed = envSchema
    .superRefine(
      (read) => {
        values = read;
      },
      { when: () => true },
    )
    .safeParse(env);
  if (!values) return undefined;
  return { values, problems: parsed.success ? [] : parsed.error.issues.map((i) => i.message) };
}

/**
 * Variables read outside the app (the backup and restore commands, the tests and benchmarks), documented
 * beside the schema so that docs/configuration.md lists them too.
 */
export const otherVariables: Record<string, VariableDoc> = {
  PG_DUMP: {
    group: 'backups',
    default: '`pg_dump`',
    description:
      "Backups on PostgreSQL: the client tools to run; their major version must be the server's or newer (the command says so when they are missing or older).",
  },
  PG_RESTORE: { group: 'backups', default: '`pg_restore`', description: '', sameRowAs: 'PG_DUMP' },
  TEST_DATABASE_URL: {
    group: 'tools',
    default: '`postgres://postgres@127.0.0.1:5432/postgres`',
    description:
      'Tests and benchmarks: server where each test file (or run) creates and drops its own database.',
  },
  REQUIRE_POSTGRES: {
    group: 'tools',
    default: 'unset',
    allowed: '`1`',
    description: 'Tests: `1` turns a skipped suite into a failure (`.ci/run` sets both).',
  },
  REQUIRE_CHROMIUM: {
    group: 'tools',
    default: 'unset',
    description: '',
    sameRowAs: 'REQUIRE_POSTGRES',
  },
  CHROMIUM_PATH: {
    group: 'tools',
    default: '`/usr/bin/chromium-headless-shell` (else `/usr/bin/chromium`)',
    description:
      'End-to-end tests and Lighthouse (`scripts/e2e.mjs` picks free ports when `E2E_PORT` is unset; the Playwright config alone uses 3210).',
  },
  E2E_PORT: { group: 'tools', default: '`3210`', description: '', sameRowAs: 'CHROMIUM_PATH' },
};
