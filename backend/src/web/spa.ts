import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { AppConfig } from '../config/env';

/** Paths owned by the API (an unknown one is a JSON 404); every other GET path is the React app. */
export const API_PREFIXES = [
  '/api',
  '/apitokens',
  '/dev-idp',
  '/sandbox-pay',
  '/dev-ai',
  '/dev-mail',
];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(p + '/'));
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built frontend: hashed assets cached for a year, index.html (with the public configuration
 * in a meta tag, so no extra request and no inline script) for every client-side route.
 */
export function spaHandlers(config: AppConfig): RequestHandler[] {
  const dist = config.frontendDist;
  const indexFile = join(dist, 'index.html');
  let indexHtml: string | undefined;
  const loadIndex = () => {
    if (indexHtml === undefined && existsSync(indexFile)) {
      const publicConfig = escapeAttr(
        JSON.stringify({ brandName: config.brandName, docsUrl: config.docsUrl }),
      );
      indexHtml = readFileSync(indexFile, 'utf8').replace(
        '<meta name="app-config" content="{}" />',
        `<meta name="app-config" content="${publicConfig}" />`,
      );
    }
    return indexHtml;
  };
  const assets = express.static(dist, {
    index: false,
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(dist, 'assets')}`);
      res.setHeader(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
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
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };
  return [(req, res, next) => (isApiPath(req.path) ? next() : assets(req, res, next)), fallback];
}
