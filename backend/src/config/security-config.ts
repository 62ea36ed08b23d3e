import type { EnvValues } from './env-schema';

/**
 * The exposure settings of docs/security.md ("Exposure"), read by loadConfig (env.ts): where the server
 * listens, whether the API document is served, who may sign in by e-mail code and how often a wrong code
 * may be tried, and which hosts docs images may come from.
 */
export interface SecurityConfig {
  /**
   * HOST: the address the server listens on. Outside production 127.0.0.1 (the development pages,
   * /dev-idp, /sandbox-pay, /dev-ai, are then not reachable from the network); in production undefined,
   * every interface, as before.
   */
  host: string | undefined;
  /** API_DOCS: Swagger UI at /api/docs and the document at /api/docs-json; on outside production, off in it. */
  apiDocs: boolean;
  /** ADMIN_EMAIL_SIGN_IN=true: admin addresses (ADMIN_EMAILS) may sign in by e-mail code too. */
  adminEmailSignIn: boolean;
  /**
   * EMAIL_CODE_FAILURES_PER_DAY: wrong e-mail codes an address may get in one seller day
   * (SELLER_TIME_ZONE); the next one locks its e-mail sign-in until the next day.
   */
  emailCodeFailuresPerDay: number;
  /**
   * DOCS_IMAGE_HOSTS: the hosts (`images.example.com`, `cdn.example.com:8443`, `*.example.com`) images in
   * Markdown may come from besides the store's own origin; empty: the own origin only.
   */
  docsImageHosts: string[];
}

export function securityConfig(
  env: Pick<
    EnvValues,
    'HOST' | 'API_DOCS' | 'ADMIN_EMAIL_SIGN_IN' | 'EMAIL_CODE_FAILURES_PER_DAY' | 'DOCS_IMAGE_HOSTS'
  >,
  { isProduction }: { isProduction: boolean },
): SecurityConfig {
  // Each variable's form and message: the schema (env-schema.ts); here the defaults that depend on NODE_ENV.
  return {
    host: env.HOST ?? (isProduction ? undefined : '127.0.0.1'),
    apiDocs: env.API_DOCS ?? !isProduction,
    adminEmailSignIn: env.ADMIN_EMAIL_SIGN_IN,
    emailCodeFailuresPerDay: env.EMAIL_CODE_FAILURES_PER_DAY,
    docsImageHosts: env.DOCS_IMAGE_HOSTS,
  };
}
