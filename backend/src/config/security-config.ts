import { isIP } from 'node:net';

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

const flag = (
  env: Record<string, string | undefined>,
  name: string,
  fallback: boolean,
  problems: string[],
): boolean => {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (['true', '1'].includes(raw)) return true;
  if (['false', '0'].includes(raw)) return false;
  problems.push(`${name} must be true or false (got "${raw.slice(0, 20)}")`);
  return fallback;
};

export function securityConfig(
  env: Record<string, string | undefined>,
  { isProduction }: { isProduction: boolean },
): { security: SecurityConfig; problems: string[] } {
  const problems: string[] = [];

  const hostRaw = (env.HOST ?? '').trim();
  const hostName = hostRaw.length <= 253 && !/[*:]/.test(hostRaw) && HOST_ENTRY.test(hostRaw);
  if (hostRaw && !isIP(hostRaw) && !hostName)
    problems.push(
      `HOST must be an address to listen on, such as 127.0.0.1, 0.0.0.0 or :: (got "${hostRaw.slice(0, 60)}")`,
    );
  const host = hostRaw || (isProduction ? undefined : '127.0.0.1');

  const failuresRaw = (env.EMAIL_CODE_FAILURES_PER_DAY ?? '10').trim();
  const emailCodeFailuresPerDay = Number(failuresRaw);
  if (!/^\d+$/.test(failuresRaw) || emailCodeFailuresPerDay < 1 || emailCodeFailuresPerDay > 1000)
    problems.push('EMAIL_CODE_FAILURES_PER_DAY must be a whole number from 1 to 1000');

  const docsImageHosts = (env.DOCS_IMAGE_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const badHosts = docsImageHosts.filter((h) => !isImageHostEntry(h));
  if (badHosts.length)
    problems.push(
      `DOCS_IMAGE_HOSTS must list host names such as images.example.com or *.example.com, without a scheme or path (not ${badHosts
        .map((h) => `"${h.slice(0, 60)}"`)
        .join(', ')})`,
    );

  return {
    security: {
      host,
      apiDocs: flag(env, 'API_DOCS', !isProduction, problems),
      adminEmailSignIn: flag(env, 'ADMIN_EMAIL_SIGN_IN', false, problems),
      emailCodeFailuresPerDay,
      docsImageHosts: [...new Set(docsImageHosts)],
    },
    problems,
  };
}
