import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { cookieValue, LANGUAGES, requestLanguage, type Language } from '@seatkeeper/domain';
import type { AppConfig } from '../config/env';

/** Paths owned by the API (an unknown one is a JSON 404); every other GET path is the React app. */
export const API_PREFIXES = [
  '/api',
  '/apitokens',
  '/dev-idp',
  '/dev-wechat',
  '/sandbox-pay',
  '/dev-ai',
  '/dev-mail',
  // Prometheus metrics (docs/monitoring.md): a JSON 404 when refused, never the React app.
  '/metrics',
];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(p + '/'));
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html in a language: its `<html lang>` attribute set (the build writes the default, zh-CN). */
export function withLanguage(html: string, language: Language): string {
  return html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang=/i.test(tag)
      ? tag.replace(/\slang=("[^"]*"|'[^']*'|[^\s>]*)/i, ` lang="${language}"`)
      : tag.replace(/^<html/i, `<html lang="${language}"`),
  );
}

/**
 * Serves the built frontend: hashed assets cached for a year, index.html (with the public configuration
 * in a meta tag, so no extra request and no inline script) for every client-side route. index.html's
 * `<html lang>` is the visitor's language from the first byte (docs/architecture.md#language: the `lang`
 * cookie, else Accept-Language, else zh-CN, the rule the app itself follows, in libs/domain); the answer
 * varies by both headers, so a shared cache keeps one copy per language choice. The configuration also says
 * whether the request carried a session cookie (`sessionCookie`: true or false, never its value or
 * whose it is). With one, the console asks for its data at once instead of after the session's answer
 * (one round trip less before its content; frontend/src/app/first-data.ts), and a stale cookie only costs
 * those calls a 401. Without one, the visitor is signed out, which the app takes as the session's answer
 * without asking (frontend/src/lib/session.ts): one request less on every public page's first load.
 */
export function spaHandlers(config: AppConfig): RequestHandler[] {
  const dist = config.frontendDist;
  const indexFile = join(dist, 'index.html');
  /** index.html by language, for a request without a session cookie and for one with it. */
  let pages:
    { plain: Record<Language, string>; sessionCookie: Record<Language, string> } | undefined;
  const loadIndex = () => {
    if (pages === undefined && existsSync(indexFile)) {
      const index = readFileSync(indexFile, 'utf8');
      const inLanguages = (sessionCookie: boolean) => {
        const publicConfig = escapeAttr(
          JSON.stringify({
            brandName: config.brandName,
            docsUrl: config.docsUrl,
            ...(config.supportContact ? { supportContact: config.supportContact } : {}),
            // The API docs are off (production without API_DOCS): the routes page links nowhere.
            ...(config.security.apiDocs ? {} : { apiDocs: false }),
            // Hosts Markdown images may come from besides this origin (DOCS_IMAGE_HOSTS, docs/security.md).
            ...(config.security.docsImageHosts.length
              ? { docsImageHosts: config.security.docsImageHosts }
              : {}),
            sessionCookie,
          }),
        );
        const template = index.replace(
          '<meta name="app-config" content="{}" />',
          `<meta name="app-config" content="${publicConfig}" />`,
        );
        return Object.fromEntries(
          LANGUAGES.map((language) => [language, withLanguage(template, language)]),
        ) as Record<Language, string>;
      };
      pages = { plain: inLanguages(false), sessionCookie: inLanguages(true) };
    }
    return pages;
  };
  // A file the build also compressed with Brotli (`<name>.br`, frontend/vite.config.mts) is sent so to a
  // browser that accepts it, with `Vary: Accept-Encoding`; any other file or browser gets the file itself,
  // which the compression middleware then compresses as it goes. The folder is read once, at the first
  // request for a file once the build is there (in development it may finish after the server starts).
  let assets: RequestHandler | undefined;
  const serveAssets: RequestHandler = (req, res, next) => {
    if (!assets && !existsSync(indexFile)) return next();
    assets ??= expressStaticGzip(dist, {
      enableBrotli: true,
      orderPreference: ['br'],
      index: false,
      serveStatic: {
        index: false,
        setHeaders: (res, path) => {
          const immutable = path.includes(`${join(dist, 'assets')}`);
          res.setHeader(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      },
    });
    assets(req, res, next);
  };
  const fallback = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    const html = loadIndex();
    if (!html) {
      res
        .status(503)
        .type('text/plain')
        .send('The frontend is not built yet: run `npm run build` (npm start does it).');
      return;
    }
    const language = requestLanguage(req.headers.cookie, req.headers['accept-language']);
    const sessionCookie = !!cookieValue(req.headers.cookie, config.sessionCookieName);
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Cookie');
    res.vary('Accept-Language');
    res.setHeader('Content-Language', language);
    res.type('html').send((sessionCookie ? html.sessionCookie : html.plain)[language]);
  };
  // index.html itself is the app's page too (never the raw file: it has neither configuration nor language).
  const isIndex = (path: string) => path === '/index.html';
  return [
    (req, res, next) =>
      isApiPath(req.path) || isIndex(req.path) ? next() : serveAssets(req, res, next),
    fallback,
  ];
}
