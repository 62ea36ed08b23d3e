import { createHash, randomBytes } from 'node:crypto';
import { ZipFile } from 'yazl';

/** A zip made in memory with yazl: name → content (a name ending in / is a folder). */
export function makeZip(files: Record<string, string | Buffer>, compress = true): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else
      zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : content, name, {
        compress,
      });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A plugin zip as WordPress installs it: `<slug>/<slug>.php` with its header, and `extra` files. */
export function pluginZip(
  slug: string,
  version: string,
  extra: Record<string, string | Buffer> = {},
  name = 'Visual Editor',
): Promise<Buffer> {
  return makeZip({
    [`${slug}/`]: '',
    [`${slug}/${slug}.php`]: `<?php\n/*\nPlugin Name: ${name}\nVersion: ${version}\nRequires PHP: 7.4\n*/\ndefined( 'ABSPATH' ) || exit;\n`,
    [`${slug}/readme.txt`]: `=== ${name} ===\nStable tag: ${version}\n`,
    ...extra,
  });
}

/** A theme zip: `<slug>/style.css` with its header. */
export function themeZip(slug: string, version: string): Promise<Buffer> {
  return makeZip({
    [`${slug}/`]: '',
    [`${slug}/style.css`]: `/*\nTheme Name: Minimal Theme\nVersion: ${version}\n*/\n`,
    [`${slug}/index.php`]: '<?php // Silence.',
  });
}

/** Bytes that do not compress, so a zip of them is as large as they are. */
export const noise = (bytes: number) => randomBytes(bytes);

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
