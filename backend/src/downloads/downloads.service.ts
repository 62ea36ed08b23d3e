import { Inject, Injectable } from '@nestjs/common';
import { CommonError, CommonErrorCode } from '../common/common-errors';
import { CryptoService } from '../common/crypto.service';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { LicensesService } from '../licenses/licenses.service';
import { DownloadError, DownloadErrorCode } from './download-errors';
import { linkRefusal, openLink, sealLink } from './package-link';
import { loadReleases, type Release, type ReleaseKind } from './releases';
import { updateEntitlement, type UpdateLicenseCode } from './update-rules';

/** The longest site address and activation code read from the update metadata's query. */
const MAX_SITE = 2048;

@Injectable()
export class DownloadsService {
  private readonly releases: Map<string, Release>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly licenses: LicensesService,
    private readonly crypto: CryptoService,
  ) {
    this.releases = loadReleases(config.releasesDir);
  }

  release(kind: ReleaseKind, slug: string): Release {
    const release = this.releases.get(`${kind}/${slug}`);
    if (!release) throw new DownloadError(DownloadErrorCode.PRODUCT_NOT_FOUND);
    return release;
  }

  /** Who may download without a link: a signed-in user or a bearer-code owner holding an active licence. */
  async authorize(kind: ReleaseKind, slug: string, userId: string | null): Promise<Release> {
    const release = this.release(kind, slug);
    if (!userId) throw new CommonError(CommonErrorCode.UNAUTHENTICATED);
    await this.requireLicense(userId);
    return release;
  }

  /**
   * A package link's download (docs/wordpress.md, Package links): the link opened, and its seat read
   * again now, so a revoked, refunded, expired or rebound seat's link stops at once.
   */
  async authorizeLink(kind: ReleaseKind, slug: string, token: string): Promise<Release> {
    const release = this.release(kind, slug);
    const link = openLink(this.crypto, token);
    const seat = link ? await this.licenses.seatForLink(link.l) : null;
    const refusal = linkRefusal(link, release, seat, Date.now());
    if (refusal) throw new DownloadError(refusal);
    return release;
  }

  async requireLicense(userId: string): Promise<void> {
    if (!(await this.licenses.hasActiveLicense(userId)))
      throw new DownloadError(DownloadErrorCode.DOWNLOAD_LICENSE_REQUIRED);
  }

  private packageUrl(
    base: string,
    release: Release,
    seatId: string,
    host: string,
    development: boolean,
  ): string {
    const token = sealLink(this.crypto, {
      k: release.kind,
      p: release.slug,
      l: seatId,
      h: host,
      ...(development ? { d: 1 as const } : {}),
      exp: Math.floor(Date.now() / 1000) + this.config.downloadLinkTtlSeconds,
    });
    return `${base}/api/wp-updates/${release.kind}/download/${release.slug}?link=${token}`;
  }

  /**
   * Update metadata for one site (docs/wordpress.md, Update metadata), in the fields plugin-update-checker
   * and EDD-style clients read. Always answered for a known release: without an entitlement the package
   * is empty and upgrade_notice says what to do.
   */
  async metadata(
    kind: ReleaseKind,
    slug: string,
    credentials: { code: string | undefined; site: string | undefined },
    origin: string,
  ): Promise<Record<string, unknown>> {
    const release = this.release(kind, slug);
    const base = this.config.publicUrl || origin;
    const site = credentials.site?.trim();
    let checked: Awaited<ReturnType<LicensesService['checkSite']>> | null = null;
    if (site && site.length <= MAX_SITE) {
      try {
        checked = await this.licenses.checkSite(credentials.code, site);
      } catch {
        checked = null; // not a site address: no package, the notice asks to bind the site
      }
    }
    if (!checked && credentials.code) {
      // No usable site: the code is still told apart (a wrong code is the first thing to fix).
      const probe = await this.licenses.checkSite(credentials.code, 'localhost');
      checked = { ...probe, host: '', licenseId: null };
    }
    const development = checked?.answer.code === 'VALID' && !!checked.answer.development;
    const entitlement = updateEntitlement({
      check: checked?.answer ?? { code: 'TOKEN_INVALID' },
      boundSeatId: checked?.licenseId ?? null,
      activeSeatId:
        development && checked?.userId ? await this.licenses.activeSeatOf(checked.userId) : null,
      host: checked?.host || null,
      productName: release.name,
      consoleUrl: `${base}/dashboard`,
    });
    const packageUrl = entitlement.seatId
      ? this.packageUrl(base, release, entitlement.seatId, checked!.host, entitlement.development)
      : '';
    return this.describe(release, base, packageUrl, entitlement.code, entitlement.notice);
  }

  private describe(
    release: Release,
    base: string,
    packageUrl: string,
    code: UpdateLicenseCode,
    notice: string | null,
  ): Record<string, unknown> {
    const m = release.manifest;
    const pick = (key: string) => (m[key] === undefined ? {} : { [key]: m[key] });
    const homepage = typeof m.homepage === 'string' ? m.homepage : undefined;
    return {
      name: release.name,
      slug: release.slug,
      version: release.version,
      ...(homepage ? { homepage: homepage.startsWith('/') ? base + homepage : homepage } : {}),
      ...pick('requires'),
      ...pick('tested'),
      ...pick('requires_php'),
      ...pick('last_updated'),
      sections: (m.sections as Record<string, string> | undefined) ?? {},
      ...pick('banners'),
      ...pick('icons'),
      details_url: `${base}/api/wp-updates/${release.kind}/${release.slug}/details`,
      download_url: packageUrl,
      package: packageUrl,
      ...(notice ? { upgrade_notice: notice } : pick('upgrade_notice')),
      license: { code },
    };
  }
}
