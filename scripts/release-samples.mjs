// npm run release:samples: builds the sample plugin and theme in releases/ from sdk/wordpress (the SDK
// bundled in each as seatkeeper/), so `npm start` serves real, installable, licensed samples.
//   node scripts/release-samples.mjs [--store-url URL] [--public-key BASE64] [--from-store]
// --from-store fetches the public key from --store-url (a running store); without a key the samples pin
// the store's key on first use (sdk/wordpress/README.md). The zips are reproducible (fixed dates, sorted).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import gettextParser from 'gettext-parser';
import { root } from './lib.mjs';

/** The version in releases/ (the suite installs an older build of the same sources and updates it). */
export const SAMPLE_VERSION = '1.0.0';
const sdk = join(root, 'sdk/wordpress');

/** The samples, their manifest fields (releases/README.md) and changelog, newest first. */
export const SAMPLES = /** @type {const} */ ([
  {
    kind: 'plugins',
    slug: 'visual-editor',
    changelog: [
      [
        '1.0.0',
        '首个版本：激活码设置页、授权状态与提示、按站点授权的自动更新（Seatkeeper WordPress SDK）',
      ],
    ],
  },
  {
    kind: 'themes',
    slug: 'minimal-theme',
    changelog: [
      [
        '1.0.0',
        '首个版本：激活码设置页、授权状态与提示、按站点授权的自动更新（Seatkeeper WordPress SDK）',
      ],
    ],
  },
]);

/** Files under a folder, relative paths with forward slashes, sorted. */
function filesUnder(dir) {
  /** @type {string[]} */
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}

/**
 * A zip archive (deflate, fixed 2026-11-01 00:00 dates, directory entries first) from name → bytes.
 * @param {Map<string, Buffer>} files
 */
export function zip(files) {
  const DOS_TIME = 0;
  const DOS_DATE = ((2026 - 1980) << 9) | (11 << 5) | 1;
  const names = [...files.keys()];
  const dirs = new Set();
  for (const name of names) {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(`${parts.slice(0, i).join('/')}/`);
  }
  const entries = [
    ...[...dirs].sort().map((d) => [d, Buffer.alloc(0)]),
    ...names.sort().map((n) => [n, files.get(n)]),
  ];
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, data] of /** @type {[string, Buffer][]} */ (entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const isDir = name.endsWith('/');
    const compressed = isDir ? data : deflateRawSync(data, { level: 9 });
    const method = isDir ? 0 : 8;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(((isDir ? 0o40755 : 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + compressed.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

/**
 * One sample's zip: its sources with the placeholders filled in, and the SDK under <slug>/seatkeeper/.
 * @param {{ slug: string, version: string, storeUrl: string, publicKey: string }} options
 */
export function buildSample({ slug, version, storeUrl, publicKey }) {
  const source = join(sdk, 'samples', slug);
  /** @type {Map<string, Buffer>} */
  const files = new Map();
  const fill = (text) =>
    text
      .replaceAll('{{VERSION}}', version)
      .replaceAll('{{STORE_URL}}', storeUrl)
      .replaceAll('{{PUBLIC_KEY}}', publicKey);
  for (const file of filesUnder(source))
    files.set(`${slug}/${file}`, Buffer.from(fill(readFileSync(join(source, file), 'utf8'))));
  for (const file of [
    'seatkeeper-licence.php',
    ...filesUnder(join(sdk, 'includes')).map((f) => `includes/${f}`),
  ])
    files.set(`${slug}/seatkeeper/${file}`, readFileSync(join(sdk, file)));
  for (const [name, bytes] of translations())
    files.set(`${slug}/seatkeeper/languages/${name}`, bytes);
  return zip(files);
}

/**
 * The SDK's translations: each languages/<domain>-<locale>.po as written, and its .mo compiled here
 * (gettext-parser, so no gettext tools are needed), which the SDK loads with load_textdomain.
 * @returns {[string, Buffer][]}
 */
export function translations() {
  const dir = join(sdk, 'languages');
  return filesUnder(dir)
    .filter((file) => file.endsWith('.po'))
    .flatMap((file) => {
      const po = readFileSync(join(dir, file));
      const mo = gettextParser.mo.compile(gettextParser.po.parse(po));
      return /** @type {[string, Buffer][]} */ ([
        [file, po],
        [file.replace(/\.po$/, '.mo'), Buffer.from(mo)],
      ]);
    });
}

/** The changelog in Markdown, as the releases table keeps it: a heading per version, a list item per change. */
export const changelogMarkdown = (entries) =>
  entries.map(([v, text]) => `#### ${v}\n\n- ${text}`).join('\n\n');

/**
 * Writes releases/<kind>/<slug>/<slug>-<version>.zip and its manifest (other zips of the slug removed).
 * @param {{ storeUrl: string, publicKey: string, releasesDir?: string, version?: string }} options
 */
export function releaseSamples({
  storeUrl,
  publicKey,
  releasesDir = join(root, 'releases'),
  version = SAMPLE_VERSION,
}) {
  const written = [];
  for (const sample of SAMPLES) {
    const dir = join(releasesDir, sample.kind, sample.slug);
    const manifestPath = join(dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const file = `${sample.slug}-${version}.zip`;
    for (const old of readdirSync(dir))
      if (old.endsWith('.zip') && old !== file) rmSync(join(dir, old));
    writeFileSync(
      join(dir, file),
      buildSample({ slug: sample.slug, version, storeUrl, publicKey }),
    );
    manifest.version = version;
    manifest.file = file;
    // The changelog is the manifest's own Markdown field (the seed stores it); the store answers the
    // release's changelog from the database, so the HTML section nothing reads any more is dropped.
    const { changelog: _html, ...sections } = manifest.sections ?? {};
    manifest.changelog = changelogMarkdown(sample.changelog);
    if (Object.keys(sections).length) manifest.sections = sections;
    else delete manifest.sections;
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    written.push(join(dir, file));
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const storeUrl = (
    arg('--store-url') ??
    process.env.PUBLIC_URL ??
    'http://localhost:3000'
  ).replace(/\/+$/, '');
  let publicKey = arg('--public-key') ?? '';
  if (process.argv.includes('--from-store')) {
    /** @type {any} */
    const answer = await fetch(`${storeUrl}/api/licenses/public-key`).then((r) => r.json());
    publicKey = String(answer.publicKey ?? '');
  }
  for (const file of releaseSamples({ storeUrl, publicKey }))
    console.log(`wrote ${relative(root, file)}`);
  console.log(
    publicKey
      ? `Samples built for ${storeUrl} with its public key.`
      : `Samples built for ${storeUrl} without a public key: they pin the store's key on first use.`,
  );
}
