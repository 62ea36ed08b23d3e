import { Inject, Injectable } from '@nestjs/common';
import { CommonError, CommonErrorCode } from '../common/common-errors';
import { CryptoService } from '../common/crypto.service';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { LicensesService } from '../licenses/licenses.service';
import { lastUpdated, type ReleaseKind } from '../releases/release-rules';
import { ReleasesService, type ServedRelease } from '../releases/releases.service';
import { changelogHtml } from './changelog-html';
import { DownloadError, DownloadErrorCode } from './download-errors';
import type { CurrentReleaseDto } from './dto/release.dto';
import { linkRefusal, openLink, sealLink } from './package-link';
import { updateEntitlement, type UpdateLicenseCode } from './update-rules';

/** The longest site address and activation code read from the update metadata's query. */
const MAX_SITE = 2048;

/** What the details page shows of a release. */
export interface ReleaseDetails {
  name: string;
  version: string;
  requires: string;
  tested: string;
  requiresPhp: string;
  lastUpdated: string;
  sections: Record<string, string>;
}

/**
 * The update channel (docs/wordpress.md): metadata, package links and downloads of each product's
 * current release, read from the releases module on every request (an upload or a rollback shows at
 * once on every instance). A package link authorises the seat and the site for the product, not a
 * version: after a rollback or an upload it serves the current release.
 */
@Injectable()
export class DownloadsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly licenses: LicensesService,
    private readonly crypto: CryptoService,
    private readonly releases: ReleasesService,
  ) {}

  release(kind: ReleaseKind, slug: string): Promise<ServedRelease> {
    return this.releases.current(kind, slug);
  }

  /** Bytes start..end (inclusive) of the release's file, streamed a stored chunk at a time. */
  fileStream(release: ServedRelease, start: number, end: number) {
    return this.releases.fileStream(release, start, end);
  }

  /** Who may download without a link: a signed-in user or a bearer-code owner holding an active licence. */
  async authorize(kind: ReleaseKind, slug: string, userId: string | null): Promise<ServedRelease> {
    const release = await this.release(kind, slug);
    if (!userId) throw new CommonError(CommonErrorCode.UNAUTHENTICATED);
    await this.requireLicense(userId);
    return release;
  }

  /**
   * A package link's download (docs/wordpress.md, Package links): the link opened, and its seat read
   * again now, so a revoked, refunded, expired or rebound seat's link stops at once.
   */
  async authorizeLink(kind: ReleaseKind, slug: string, token: string): Promise<ServedRelease> {
    const release = await this.release(kind, slug);
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
    release: ServedRelease,
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
    seen?: (
      checked: { host: string; userId: string | null; licenseId: string | null } | null,
    ) => void,
  ): Promise<Record<string, unknown>> {
    const release = await this.release(kind, slug);
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
    seen?.(checked); // install insights (docs/insights.md): handed over, written later
    const development = checked?.answer.code === 'VALID' && !!checked.answer.development;
    // Whether the customer holds a seat at all decides between "bind this site" and "buy a plan", and a
    // development host's package is bound to that seat.
    const unbound = development || !checked?.host || checked.answer.code === 'DOMAIN_NOT_BOUND';
    const entitlement = updateEntitlement({
      check: checked?.answer ?? { code: 'TOKEN_INVALID' },
      boundSeatId: checked?.licenseId ?? null,
      activeSeatId:
        unbound && checked?.userId ? await this.licenses.activeSeatOf(checked.userId) : null,
      host: checked?.host || null,
      productName: release.name,
      consoleUrl: `${base}/dashboard`,
    });
    const packageUrl = entitlement.seatId
      ? this.packageUrl(base, release, entitlement.seatId, checked!.host, entitlement.development)
      : '';
    return this.describe(release, base, packageUrl, entitlement.code, entitlement.notice);
  }

  /**
   * The release's own fields (version, requirements, date, changelog) from the database; the product's
   * other texts (description, installation, homepage, banners, icons) from its seed manifest.
   */
  details(release: ServedRelease): ReleaseDetails {
    const m = release.manifest;
    const section = (name: string): string => {
      const value = (m.sections as Record<string, unknown> | undefined)?.[name];
      return typeof value === 'string' ? value : '';
    };
    const sections: Record<string, string> = {};
    for (const name of ['description', 'installation'])
      if (section(name)) sections[name] = section(name);
    const changelog = changelogHtml(release.changelog);
    if (changelog) sections.changelog = changelog;
    return {
      name: release.name,
      version: release.version,
      requires: release.requires,
      tested: release.tested,
      requiresPhp: release.requiresPhp,
      lastUpdated: lastUpdated(release.createdAt),
      sections,
    };
  }

  /** The console's view of the current release (docs/wordpress.md): what it is, not how to get it. */
  summary(release: ServedRelease): CurrentReleaseDto {
    return {
      kind: release.kind,
      slug: release.slug,
      name: release.name,
      version: release.version,
      changelog: release.changelog,
      releasedAt: release.createdAt.toISOString(),
      requires: release.requires,
      tested: release.tested,
      requiresPhp: release.requiresPhp,
    };
  }

  private describe(
    release: ServedRelease,
    base: string,
    packageUrl: string,
    code: UpdateLicenseCode,
    notice: string | null,
  ): Record<string, unknown> {
    const m = release.manifest;
    const pick = (key: string) => (m[key] === undefined ? {} : { [key]: m[key] });
    const given = (key: string, value: string) => (value ? { [key]: value } : {});
    const homepage = typeof m.homepage === 'string' ? m.homepage : undefined;
    const details = this.details(release);
    return {
      name: release.name,
      slug: release.slug,
      version: release.version,
      ...(homepage ? { homepage: homepage.startsWith('/') ? base + homepage : homepage } : {}),
      ...given('requires', details.requires),
      ...given('tested', details.tested),
      ...given('requires_php', details.requiresPhp),
      last_updated: details.lastUpdated,
      sections: details.sections,
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
