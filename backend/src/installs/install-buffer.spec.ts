import { InstallBuffer } from './install-buffer';
import type { CheckIn } from './install-rules';

const site = (host: string, extra: Partial<CheckIn> = {}): CheckIn => ({
  kind: 'plugins',
  product: 'visual-editor',
  host,
  productVersion: '1.0.0',
  wpVersion: null,
  phpVersion: null,
  locale: null,
  userId: null,
  licenseId: null,
  ...extra,
});

describe('InstallBuffer', () => {
  const HOUR = 3600_000;
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000_000));

  it('accepts a site once per interval and again after it', () => {
    const b = new InstallBuffer(HOUR, 100, 1000, clock);
    expect(b.offer(site('a.example'))).toBe(true);
    now += HOUR - 1;
    expect(b.offer(site('a.example', { productVersion: '1.1.0' }))).toBe(false);
    expect(b.take()).toHaveLength(1);
    now += 1;
    expect(b.offer(site('a.example', { productVersion: '1.1.0' }))).toBe(true);
    expect(b.take().map((c) => c.productVersion)).toEqual(['1.1.0']);
  });

  it('keeps products of one site apart', () => {
    const b = new InstallBuffer(HOUR, 100, 1000, clock);
    expect(b.offer(site('a.example'))).toBe(true);
    expect(b.offer(site('a.example', { kind: 'themes', product: 'minimal-theme' }))).toBe(true);
    expect(b.size).toBe(2);
  });

  it('holds at most maxPending check-ins and counts the rest', () => {
    const b = new InstallBuffer(HOUR, 3, 1000, clock);
    for (const h of ['a', 'b', 'c', 'd', 'e']) b.offer(site(`${h}.example`));
    expect(b.size).toBe(3);
    expect(b.dropped).toBe(2);
  });

  it('takes back a batch that could not be written, without doubling a site', () => {
    const b = new InstallBuffer(1, 100, 1000, clock);
    b.offer(site('a.example'));
    b.offer(site('b.example'));
    const batch = b.take();
    now += 10;
    b.offer(site('a.example', { productVersion: '2.0.0' }));
    b.giveBack(batch);
    const again = b.take();
    expect(again).toHaveLength(2);
    expect(again.find((c) => c.host === 'a.example')?.productVersion).toBe('2.0.0');
  });

  it('forgets recent sites beyond maxRecent (bounded memory)', () => {
    const b = new InstallBuffer(HOUR, 10_000, 10, clock);
    for (let i = 0; i < 50; i++) b.offer(site(`s${i}.example`));
    b.take();
    // The oldest sites were forgotten: accepted again within the hour.
    expect(b.offer(site('s0.example'))).toBe(true);
    expect(b.offer(site('s49.example'))).toBe(false);
  });
});
