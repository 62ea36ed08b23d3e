import { CryptoService } from '../common/crypto.service';
import { DownloadErrorCode } from './download-errors';
import { linkRefusal, openLink, sealLink, type PackageLink } from './package-link';

const crypto = new CryptoService({ secret: 'unit-test-secret-0123456789abcdef0123456789' });
const seatId = '7b0c3c1e-5a39-4f0e-9d8a-0d6f8d8b9e11';
const now = Date.UTC(2026, 10, 1);
const link: PackageLink = {
  k: 'plugins',
  p: 'visual-editor',
  l: seatId,
  h: 'shop.example',
  exp: now / 1000 + 60,
};
const release = { kind: 'plugins' as const, slug: 'visual-editor' };
const bound = { active: true, websiteUrl: 'https://shop.example' };

describe('package links', () => {
  it('are opaque: no seat id, host or JSON readable, and URL-safe', () => {
    const token = sealLink(crypto, link);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    for (const secret of [seatId, 'shop.example', 'visual-editor', '"exp"'])
      expect(decoded).not.toContain(secret);
    expect(openLink(crypto, token)).toEqual(link);
  });

  it('refuse an altered or foreign link', () => {
    const token = sealLink(crypto, link);
    const altered = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
    expect(openLink(crypto, altered)).toBeNull();
    const other = new CryptoService({ secret: 'another-secret-0123456789abcdef0123456789ab' });
    expect(openLink(other, token)).toBeNull();
    expect(openLink(crypto, 'not a link')).toBeNull();
  });

  it('download while unexpired, for the same release, with the seat active and still bound', () => {
    expect(linkRefusal(link, release, bound, now)).toBeNull();
    expect(
      linkRefusal(link, release, { active: true, websiteUrl: 'http://www.shop.example' }, now),
    ).toBeNull();
  });

  it('name the reason of a refusal', () => {
    expect(linkRefusal(null, release, bound, now)).toBe(DownloadErrorCode.DOWNLOAD_LINK_INVALID);
    expect(linkRefusal(link, { kind: 'themes', slug: 'visual-editor' }, bound, now)).toBe(
      DownloadErrorCode.DOWNLOAD_LINK_INVALID,
    );
    expect(linkRefusal(link, release, bound, now + 60_000)).toBe(
      DownloadErrorCode.DOWNLOAD_LINK_EXPIRED,
    );
    expect(linkRefusal(link, release, { ...bound, active: false }, now)).toBe(
      DownloadErrorCode.DOWNLOAD_SEAT_INACTIVE,
    );
    expect(linkRefusal(link, release, null, now)).toBe(DownloadErrorCode.DOWNLOAD_SEAT_INACTIVE);
    expect(
      linkRefusal(link, release, { active: true, websiteUrl: 'https://other.example' }, now),
    ).toBe(DownloadErrorCode.DOWNLOAD_SEAT_INACTIVE);
    expect(linkRefusal(link, release, { active: true, websiteUrl: null }, now)).toBe(
      DownloadErrorCode.DOWNLOAD_SEAT_INACTIVE,
    );
  });

  it('of a development host check the seat only', () => {
    const dev = { ...link, h: 'localhost:8080', d: 1 as const };
    expect(linkRefusal(dev, release, { active: true, websiteUrl: null }, now)).toBeNull();
    expect(linkRefusal(dev, release, { active: false, websiteUrl: null }, now)).toBe(
      DownloadErrorCode.DOWNLOAD_SEAT_INACTIVE,
    );
  });
});
