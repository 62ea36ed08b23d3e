import { Inject, Injectable } from '@nestjs/common';
import { CommonError, CommonErrorCode } from '../common/common-errors';
import { hmacHex, signPayload, verifyPayload } from '../common/signed';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { LicensesService } from '../licenses/licenses.service';
import { DownloadError, DownloadErrorCode } from './download-errors';
import { loadReleases, type Release, type ReleaseKind } from './releases';

/** Signed download links live this long: long enough for WordPress to fetch, short enough to not be shared. */
export const LINK_LIFETIME_SECONDS = 600;

interface LinkPayload {
  k: ReleaseKind;
  p: string;
  u: string;
  exp: number;
}

@Injectable()
export class DownloadsService {
  private readonly releases: Map<string, Release>;
  private readonly key: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly licenses: LicensesService,
  ) {
    this.releases = loadReleases(config.releasesDir);
    this.key = hmacHex(config.secret, 'download-links');
  }

  release(kind: ReleaseKind, slug: string): Release {
    const release = this.releases.get(`${kind}/${slug}`);
    if (!release) throw new DownloadError(DownloadErrorCode.PRODUCT_NOT_FOUND);
    return release;
  }

  /**
   * Who may download: a signed-in user or a bearer-token owner holding an active licence, or anyone with
   * a valid signed link for this very file.
   */
  async authorize(
    kind: ReleaseKind,
    slug: string,
    userId: string | null,
    link: string | undefined,
  ): Promise<Release> {
    const release = this.release(kind, slug);
    if (link) {
      const payload = verifyPayload<LinkPayload>(this.key, link);
      if (!payload || payload.k !== kind || payload.p !== slug)
        throw new DownloadError(DownloadErrorCode.DOWNLOAD_LINK_INVALID);
      return release;
    }
    if (!userId) throw new CommonError(CommonErrorCode.UNAUTHENTICATED);
    await this.requireLicense(userId);
    return release;
  }

  async requireLicense(userId: string): Promise<void> {
    if (!(await this.licenses.hasActiveLicense(userId)))
      throw new DownloadError(DownloadErrorCode.DOWNLOAD_LICENSE_REQUIRED);
  }

  signedUrl(origin: string, kind: ReleaseKind, slug: string, userId: string): string {
    const token = signPayload(this.key, {
      k: kind,
      p: slug,
      u: userId,
      exp: Math.floor(Date.now() / 1000) + LINK_LIFETIME_SECONDS,
    });
    return `${this.config.publicUrl || origin}/api/wp-updates/${kind}/download/${slug}?link=${encodeURIComponent(token)}`;
  }

  /**
   * Update metadata in the format plugin-update-checker reads (plugins: name, version, download_url,
   * requires, tested, requires_php, last_updated, sections...; themes: version, details_url, download_url).
   */
  async metadata(
    kind: ReleaseKind,
    slug: string,
    userId: string,
    origin: string,
  ): Promise<Record<string, unknown>> {
    const release = this.release(kind, slug);
    await this.requireLicense(userId);
    const m = release.manifest;
    const base = this.config.publicUrl || origin;
    const download_url = this.signedUrl(origin, kind, slug, userId);
    if (kind === 'themes') {
      const details = String(m.details_url ?? '/docs');
      return {
        version: release.version,
        details_url: details.startsWith('/') ? base + details : details,
        download_url,
      };
    }
    const pick = (key: string) => (m[key] === undefined ? {} : { [key]: m[key] });
    return {
      name: release.name,
      slug,
      version: release.version,
      download_url,
      ...pick('homepage'),
      ...pick('requires'),
      ...pick('tested'),
      ...pick('requires_php'),
      ...pick('last_updated'),
      ...pick('upgrade_notice'),
      ...pick('sections'),
      ...pick('banners'),
      ...pick('icons'),
      ...(typeof m.homepage === 'string' && m.homepage.startsWith('/')
        ? { homepage: base + m.homepage }
        : {}),
    };
  }
}
