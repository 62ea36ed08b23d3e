import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { LANG } from './e2e/support/i18n';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = mkdtempSync(join(tmpdir(), 'seatkeeper-e2e-'));
export const E2E_ADMIN = 'admin@e2e.test';
/** The fake WeChat Pay server's control (backend/test/support/fake-wechatpay-server.ts): plays the buyer. */
const wechatControlPort = Number(process.env.E2E_WECHATPAY_CONTROL_PORT ?? port + 9);
export const E2E_WECHATPAY_CONTROL = `http://127.0.0.1:${wechatControlPort}`;
/** Written by the fake at start: the app's WECHATPAY_* configuration pointing at it. */
const wechatEnvFile = join(dataDir, 'wechatpay.env');

/**
 * The customer's journeys run at phone size as well as on the desktop. Not here: the ones that try both
 * sizes themselves (console-seats, console-buy, console-code-downloads, ai-settings, account,
 * customer-a11y; pricing, public-pages and payment-methods have their own phone tests) and whole-life,
 * whose customer steps those cover at 390 px.
 */
const PHONE_JOURNEYS = ['sign-in', 'purchase', 'console', 'ai', 'quiz'];

/**
 * The built app (on the fresh PostgreSQL database scripts/e2e.mjs made, else the embedded one), signed in
 * through the development identity provider, paying through the sandbox and a local fake WeChat Pay
 * server (started first: it generates its keys and writes the app's WECHATPAY_* configuration). Run
 * through `node scripts/e2e.mjs [filter]` or `npm run e2e -w frontend`.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  // languages.e2e.ts visits every page in both languages itself: once is enough.
  testIgnore: LANG === 'en' ? [] : ['**/languages.e2e.ts'],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: `../tmp/e2e-results/${LANG}`,
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    // Every journey runs once per language (E2E_LANG, set by scripts/e2e.mjs): the browser prefers it, so
    // the app chooses it with no saved choice (docs/architecture.md#language); e2e/support/i18n.ts reads
    // the same catalogues for the journeys' texts.
    locale: LANG === 'zh-CN' ? 'zh-CN' : 'en-US',
    screenshot: 'only-on-failure',
    // A trace of the retry only (CI retries once): recording every passing journey's trace cost a fifth of
    // the journeys' time (docs/decisions.md, "The journeys' browser").
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Every journey on a 1366x900 desktop; the customer's journeys again on a 390x844 phone (docs/product.md,
  // screens). Journeys that try both sizes themselves (console-seats, account, ...) run once.
  // The phone project in the Chinese run only (the English run has languages.e2e.ts instead), so the two
  // runs, which go at once, end together; the console, account and AI journeys try both sizes in both.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
    ...(LANG === 'en'
      ? []
      : [
          {
            name: 'phone',
            testMatch: PHONE_JOURNEYS.map((name) => `**/${name}.e2e.ts`),
            use: { viewport: { width: 390, height: 844 } },
          },
        ]),
  ],
  webServer: [
    {
      command: 'cd ../backend && node -r @swc-node/register test/support/fake-wechatpay-server.ts',
      url: `${E2E_WECHATPAY_CONTROL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_WECHATPAY_ENV_FILE: wechatEnvFile,
        FAKE_WECHATPAY_CONTROL_PORT: String(wechatControlPort),
      },
    },
    {
      command: `node --env-file=${wechatEnvFile} ../backend/dist/main.js`,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        ...(process.env.FRONTEND_DIST ? { FRONTEND_DIST: process.env.FRONTEND_DIST } : {}),
        LOG_LEVEL: 'warn',
        ADMIN_EMAILS: E2E_ADMIN,
        // The sandbox first (what `qrcode` means), then WeChat Pay through the fake; its notify URL.
        PAYMENT_GATEWAYS: 'sandbox,wechat',
        PUBLIC_URL: `http://localhost:${port}`,
        // Every journey's customer comes from 127.0.0.1: one address for the whole run (the per-customer
        // limit stays the default; backend/test/discounts.integration-spec.ts tests both limits).
        QUOTE_LIMIT_PER_ADDRESS: '600',
        // WeChat scan-to-sign-in through the development WeChat server (docs/sign-in.md).
        WECHAT_LOGIN_APP_ID: 'wxe2e0000000000000',
        WECHAT_LOGIN_APP_SECRET: 'e2e-wechat-secret',
        WECHAT_LOGIN_BASE: `http://localhost:${port}/dev-wechat`,
        WECHAT_API_BASE: `http://127.0.0.1:${port}/dev-wechat`,
      },
    },
  ],
});
