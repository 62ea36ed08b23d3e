import { minorVersion, STOPPED_AFTER_DAYS } from './install-rules';
import type { GroupCount, InstallRow } from './installs.store';
import type {
  InstallCountDto,
  InstallSiteDto,
  InstallsDashboardDto,
  ProductInstallsDto,
} from './dto/installs.dto';

/**
 * The dashboard's figures from the store's counts (docs/insights.md, "The dashboard"): WordPress and PHP
 * versions grouped by major.minor (6.5.2 and 6.5.3 are one bar), product versions exact; values newest
 * first, sites that did not say last (value null).
 */

const iso = (d: Date | string) => new Date(d).toISOString();

/** Orders versions newest first by their numeric parts (1.10 after 1.9), unknown last. */
export function compareVersions(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const pa = a.split(/[.+~_-]/);
  const pb = b.split(/[.+~_-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) {
      if (nx !== ny) return ny - nx;
    } else if (x !== y) return y < x ? -1 : 1;
  }
  return 0;
}

/** Counts of one product, merged by `group` (e.g. major.minor) and sorted newest first. */
export function rollUp(
  counts: GroupCount[],
  group: (value: string | null) => string | null = (v) => v,
): InstallCountDto[] {
  const merged = new Map<string | null, InstallCountDto>();
  for (const c of counts) {
    const value = group(c.value);
    const row = merged.get(value) ?? { value, active7: 0, active30: 0 };
    row.active7 += c.active7;
    row.active30 += c.active30;
    merged.set(value, row);
  }
  return [...merged.values()].sort((a, b) => compareVersions(a.value, b.value));
}

export function siteOf(r: InstallRow): InstallSiteDto {
  return {
    kind: r.kind as InstallSiteDto['kind'],
    product: r.product,
    host: r.host,
    firstSeenAt: iso(r.first_seen_at),
    lastSeenAt: iso(r.last_seen_at),
    productVersion: r.product_version,
    wpVersion: r.wp_version,
    phpVersion: r.php_version,
    locale: r.locale,
    userId: r.user_id,
    licenseId: r.license_id,
  };
}

export function installsDashboard(
  data: {
    products: {
      kind: string;
      product: string;
      active7: string | number;
      active30: string | number;
      stopped: string | number;
      total: string | number;
    }[];
    versions: GroupCount[];
    wp: GroupCount[];
    php: GroupCount[];
    stopped: InstallRow[];
  },
  enabled: boolean,
): InstallsDashboardDto {
  const of = (counts: GroupCount[], kind: string, product: string) =>
    counts.filter((c) => c.kind === kind && c.product === product);
  const products: ProductInstallsDto[] = data.products.map((p) => ({
    kind: p.kind as ProductInstallsDto['kind'],
    product: p.product,
    active7: Number(p.active7),
    active30: Number(p.active30),
    stopped: Number(p.stopped),
    total: Number(p.total),
    versions: rollUp(of(data.versions, p.kind, p.product)),
    wordpress: rollUp(of(data.wp, p.kind, p.product), minorVersion),
    php: rollUp(of(data.php, p.kind, p.product), minorVersion),
  }));
  return {
    enabled,
    stoppedAfterDays: STOPPED_AFTER_DAYS,
    products,
    stopped: data.stopped.map(siteOf),
  };
}
