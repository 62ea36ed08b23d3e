import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { startApp, type RunningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';

/**
 * index.html in the visitor's language from the first byte (docs/architecture.md#language): the server
 * writes `<html lang>` from the `lang` cookie, else Accept-Language, else zh-CN, and says the answer
 * varies by both, so no cache hands one visitor's language to another.
 */
describe('the app page in the visitor’s language', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  const dist = mkdtempSync(join(tmpdir(), 'seatkeeper-dist-'));
  const chunk = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];`;

  beforeAll(async () => {
    // As the build writes it: the default language, the configuration placeholder.
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html>\n<html lang="zh-CN">\n<head><meta name="app-config" content="{}" /></head><body>app</body></html>',
    );
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    // As the build writes it: a larger chunk with its Brotli copy beside it.
    writeFileSync(join(dist, 'assets', 'screen-4d5e6f.js'), chunk);
    writeFileSync(join(dist, 'assets', 'screen-4d5e6f.js.br'), brotliCompressSync(chunk));
    db = await createTestDatabase();
    running = await startApp(db, { FRONTEND_DIST: dist });
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (path = '/', headers: Record<string, string> = {}) => {
    const req = request(base).get(path);
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req.expect(200);
  };
  const langOf = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];

  it('follows the lang cookie, whatever the browser prefers', async () => {
    const en = await page('/dashboard', { Cookie: 'sid=x; lang=en', 'Accept-Language': 'zh-CN' });
    expect(langOf(en.text)).toBe('en');
    expect(en.headers['content-language']).toBe('en');
    const zh = await page('/pricing', { Cookie: 'lang=zh-CN', 'Accept-Language': 'en-US,en' });
    expect(langOf(zh.text)).toBe('zh-CN');
    expect(zh.headers['content-language']).toBe('zh-CN');
  });

  it('follows Accept-Language by preference without a cookie (or with one not ours)', async () => {
    expect(langOf((await page('/', { 'Accept-Language': 'en-GB,en;q=0.9,zh;q=0.8' })).text)).toBe(
      'en',
    );
    expect(
      langOf((await page('/', { 'Accept-Language': 'fr-FR, zh-TW;q=0.9, en;q=0.5' })).text),
    ).toBe('zh-CN');
    expect(
      langOf((await page('/', { Cookie: 'lang=fr', 'Accept-Language': 'de, en;q=0.3' })).text),
    ).toBe('en');
  });

  it('says whether the request carried a session cookie, never its value', async () => {
    const configOf = (html: string) =>
      JSON.parse(
        /<meta name="app-config" content="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"'),
      ) as Record<string, unknown>;
    const withCookie = await page('/dashboard', { Cookie: 'lang=en; seatkeeper.sid=s%3Aabc.def' });
    expect(configOf(withCookie.text)).toMatchObject({ sessionCookie: true });
    expect(withCookie.text).not.toContain('abc.def');
    expect(langOf(withCookie.text)).toBe('en');
    for (const cookie of [undefined, 'lang=en', 'seatkeeper.sid=', 'xseatkeeper.sid=1']) {
      const res = await page('/dashboard', cookie ? { Cookie: cookie } : {});
      expect(configOf(res.text)).toMatchObject({ sessionCookie: false });
    }
    // One copy per answer: the ETag differs, and the answer varies by Cookie.
    const without = await page('/dashboard', { Cookie: 'lang=en' });
    expect(without.headers.etag).not.toBe(withCookie.headers.etag);
  });

  it('is zh-CN when neither says anything of ours', async () => {
    expect(langOf((await page('/')).text)).toBe('zh-CN');
    expect(langOf((await page('/', { 'Accept-Language': 'de-DE, fr' })).text)).toBe('zh-CN');
  });

  it('varies by Cookie and Accept-Language and is revalidated, with one ETag per language', async () => {
    const en = await page('/', { Cookie: 'lang=en' });
    const zh = await page('/', { Cookie: 'lang=zh-CN' });
    for (const res of [en, zh]) {
      const vary = String(res.headers.vary).toLowerCase();
      expect(vary).toContain('cookie');
      expect(vary).toContain('accept-language');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(en.headers.etag).toBeTruthy();
    expect(en.headers.etag).not.toBe(zh.headers.etag);
    // A revalidation in the same language is answered 304; a changed choice gets the other page.
    await request(base)
      .get('/')
      .set('Cookie', 'lang=en')
      .set('If-None-Match', en.headers.etag)
      .expect(304);
    const switched = await request(base)
      .get('/')
      .set('Cookie', 'lang=zh-CN')
      .set('If-None-Match', en.headers.etag)
      .expect(200);
    expect(langOf(switched.text)).toBe('zh-CN');
  });

  it('serves /index.html itself as the app page, never the raw file', async () => {
    const res = await page('/index.html', { Cookie: 'lang=en' });
    expect(langOf(res.text)).toBe('en');
    expect(res.text).toContain('&quot;brandName&quot;');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('leaves the hashed assets alone: cached for a year, not varying by language', async () => {
    const res = await request(base)
      .get('/assets/app-1a2b3c.js')
      .set('Cookie', 'lang=en')
      .expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary ?? '').toLowerCase()).not.toContain('cookie');
  });

  it('sends the build’s Brotli copy of a file to a browser that accepts it, the file to one that does not', async () => {
    const url = `${base}/assets/screen-4d5e6f.js`;
    const br = await fetch(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    // The stored copy, whole (the on-the-fly compression would have no length: it streams).
    expect(Number(br.headers.get('content-length'))).toBe(brotliCompressSync(chunk).length);
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.text()).toBe(chunk);

    const gzip = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(chunk);
    const plain = await request(base)
      .get('/assets/screen-4d5e6f.js')
      .set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(chunk);
  });
});
