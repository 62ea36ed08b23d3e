import { randomBytes } from 'node:crypto';

/** URL slug from a title: ASCII words joined by '-', or a random id for titles without any (e.g. Chinese). */
export function slugify(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return ascii || `post-${randomBytes(4).toString('hex')}`;
}
