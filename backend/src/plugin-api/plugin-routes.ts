import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { bodyTooLarge, CommonError, CommonErrorCode } from '../common/common-errors';
import { errorHeaders, isUnexpected, toErrorBody } from '../common/error-body';
import { loggableError } from '../common/loggable-error';
import { findTextFlaw } from '../common/input-rules';
import { JsonDepthGauge } from '../common/json-depth';
import { setRateLimitHeaders } from '../common/rate-limiter';
import type { InstallsService, LicenceCheckFields } from '../installs/installs.service';
import type { LicensesService } from '../licenses/licenses.service';
import type { SharedRateLimiter } from '../rate-limits/rate-limits.service';
import type { PluginCallCounter } from '../metrics/metrics.service';
import type { AnswerSigner } from '../signing/signature';
import { bearerToken, type TokensService } from '../tokens/tokens.service';
import { presentedCode, singleQueryValue } from './credentials';

const BODY_LIMIT = 16 * 1024;

/**
 * One write per answer: headers and body together (no ETag, no content negotiation). A signer adds
 * the signature of the exact body bytes (docs/wordpress.md, Signatures).
 */
function send(res: ServerResponse, status: number, body: object, signer?: AnswerSigner) {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': bytes.length,
    ...signer?.headersFor(bytes),
  });
  res.end(bytes);
}

/** A field rule failed: 400 with the rule's text, as the ValidationPipe answers on the other routes. */
const invalid = (text: string) => new CommonError(CommonErrorCode.VALIDATION_FAILED, { text });

function stringField(
  body: unknown,
  name: string,
  max: number,
  required: string | null,
): string | undefined {
  const value = (body as Record<string, unknown> | null)?.[name];
  if (value === undefined || value === null) {
    if (required) throw invalid(required);
    return undefined;
  }
  if (typeof value !== 'string' || (required && !value.trim()))
    throw invalid(required ?? `${name} must be a string`);
  if (value.length > max)
    throw invalid(`${name} must be shorter than or equal to ${max} characters`);
  return value;
}

function onlyFields(body: unknown, allowed: string[]) {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalid('Request body must be a JSON object');
  const extra = Object.keys(body).find((k) => !allowed.includes(k));
  if (extra) throw invalid(`property ${extra} should not exist`);
}

/** Whether the body is form-encoded (what WordPress's wp_remote_post sends for an array body). */
const isForm = (req: IncomingMessage) =>
  /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '');

/**
 * A form body as an object of strings; a field given twice is refused like a repeated query parameter.
 */
function parseForm(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) throw invalid(`Field ${name} must not be repeated`);
    fields[name] = value;
  }
  return fields;
}

/**
 * A small body reader (16 kB at most): the plugin sends a few dozen bytes, as JSON or form-encoded,
 * read the same way and then validated alike. The nesting of JSON is followed on the raw bytes as they
 * arrive, so a deeply nested body is refused before JSON.parse, and text PostgreSQL cannot take (NUL,
 * unpaired surrogates) is refused before any lookup.
 */
function readBody(req: IncomingMessage): Promise<unknown> {
  const form = isForm(req);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const depth = new JsonDepthGauge();
    let size = 0;
    let refused = false;
    const refuse = (error: CommonError) => {
      refused = true;
      reject(error);
      req.resume();
    };
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > BODY_LIMIT) refuse(bodyTooLarge(BODY_LIMIT));
      else if (!form && depth.feed(chunk)) refuse(new CommonError(CommonErrorCode.JSON_TOO_DEEP));
      else chunks.push(chunk);
    });
    req.on('error', () => reject(new CommonError(CommonErrorCode.INVALID_BODY)));
    req.on('end', () => {
      if (refused) return;
      const text = Buffer.concat(chunks).toString('utf8').trim();
      let body: unknown;
      try {
        body = form ? parseForm(text) : text ? JSON.parse(text) : {};
      } catch (e) {
        return reject(
          e instanceof CommonError ? e : new CommonError(CommonErrorCode.MALFORMED_JSON),
        );
      }
      const flaw = findTextFlaw(body);
      if (flaw) reject(new CommonError(CommonErrorCode.INVALID_INPUT, { text: flaw }));
      else resolve(body);
    });
  });
}

/**
 * The licence check's body fields: the SPEC's two, and the optional site fields of install insights
 * (docs/insights.md), each ignored when absent or not what it claims to be (never a 400 for the plugin).
 */
const CHECK_FIELDS = [
  'domain',
  'license_key',
  'product',
  'kind',
  'version',
  'wp_version',
  'php_version',
  'locale',
];

type Answer = (body: unknown, req: IncomingMessage) => Promise<object>;
/** A plugin route: its answer, whether it is signed, and its counter (the answer's code, or the error's). */
interface Route {
  answer: Answer;
  signed?: boolean;
  count: (answer: object | null, error?: string) => void;
}

/** The `license_key` query argument, refused when repeated or unfit to look up (docs/wordpress.md). */
function queryCode(req: IncomingMessage): string | undefined {
  const at = req.url?.indexOf('?') ?? -1;
  if (at < 0) return undefined;
  const { value, refusal } = singleQueryValue(
    new URLSearchParams(req.url!.slice(at + 1)),
    'license_key',
  );
  if (refusal) throw new CommonError(CommonErrorCode.INVALID_INPUT, { text: refusal });
  const flaw = value === undefined ? null : findTextFlaw(value, 'license_key');
  if (flaw) throw new CommonError(CommonErrorCode.INVALID_INPUT, { text: flaw });
  return value;
}

/**
 * The plugin calling home: POST /api/verify-token and POST /api/licenses/check. A plain Node request
 * handler placed in front of Express and Nest (sessions, CSRF, routing and pipes are not needed for a
 * bearer call, and cost more than the lookup itself at thousands of calls a second); the rules live in
 * TokensService and LicensesService. Documented in OpenAPI by plugin-api.contract.ts. Answers true when it
 * took the request.
 */
export function pluginHandler(deps: {
  tokens: TokensService;
  licenses: LicensesService;
  /** Signs the licence check's answers. */
  signer: AnswerSigner;
  /**
   * PLUGIN_RATE_LIMIT a minute per client address, shared by every instance; answers at once on the
   * usual path (docs/security.md, "Rate limits").
   */
  limiter: SharedRateLimiter;
  /** One counter increment per call, by answer code (docs/monitoring.md); nothing else on this path. */
  metrics?: PluginCallCounter;
  /**
   * Install insights (docs/insights.md): the licence check's optional site fields, handed to an in-memory
   * buffer (written later, in batches); absent or off, nothing is recorded.
   */
  installs?: InstallsService;
  /** The client address, honouring the app's trust-proxy setting. */
  clientAddress: (req: IncomingMessage) => string;
  logger: Logger;
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  const noCount = () => {};
  const countCheck = deps.metrics ? (code: string) => deps.metrics!.licenceCheck(code) : noCount;
  const countVerify = deps.metrics
    ? (code: string) => deps.metrics!.tokenVerification(code)
    : noCount;
  const installs = deps.installs?.enabled ? deps.installs : undefined;
  const seen = installs
    ? (body: unknown, checked: Parameters<InstallsService['fromLicenceCheck']>[1]) =>
        installs.fromLicenceCheck(body as LicenceCheckFields, checked)
    : undefined;
  const routes: Record<string, Route> = {
    '/api/verify-token': {
      answer: async (body, req) => {
        onlyFields(body, ['token']);
        const token =
          stringField(body, 'token', 512, null) ?? bearerToken(req.headers.authorization);
        return deps.tokens.verify(token);
      },
      count: (answer, error) =>
        countVerify(error ?? ((answer as { valid?: boolean }).valid ? 'valid' : 'invalid')),
    },
    '/api/licenses/check': {
      answer: async (body, req) => {
        onlyFields(body, CHECK_FIELDS);
        const domain = stringField(body, 'domain', 2048, 'Domain is required')!;
        const field = stringField(body, 'license_key', 512, null);
        const code = presentedCode({
          authorization: req.headers.authorization,
          field,
          query: field === undefined ? queryCode(req) : undefined,
        });
        return deps.licenses.check(code, domain, seen && ((checked) => seen(body, checked)));
      },
      signed: true,
      count: (answer, error) => countCheck(error ?? (answer as { code: string }).code),
    },
  };

  const handle = async (
    { answer, signed, count }: Route,
    req: IncomingMessage,
    res: ServerResponse,
  ) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    const hit = deps.limiter.hit(deps.clientAddress(req));
    const limit = hit instanceof Promise ? await hit : hit;
    setRateLimitHeaders(res, limit);
    try {
      if (!limit.allowed) throw new CommonError(CommonErrorCode.RATE_LIMITED);
      const result = await answer(await readBody(req), req);
      count(result);
      send(res, 200, result, signed ? deps.signer : undefined);
    } catch (e) {
      // The same mapping as the exception filter's (error-body.ts).
      const body = toErrorBody(e);
      count(null, body.code);
      if (isUnexpected(body))
        deps.logger.error(
          { err: loggableError(e), path: req.url?.split('?')[0] },
          'plugin call failed',
        );
      for (const [name, value] of Object.entries(errorHeaders(body))) res.setHeader(name, value);
      send(res, body.statusCode, body);
    }
  };

  return (req, res) => {
    if (req.method !== 'POST') return false;
    const path = req.url?.split('?')[0] ?? '';
    const route = routes[path];
    if (!route) return false;
    void handle(route, req, res);
    return true;
  };
}
