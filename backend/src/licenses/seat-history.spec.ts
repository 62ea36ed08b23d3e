import {
  bindRecord,
  customerViewOf,
  seatEventOf,
  seatHistoryOf,
  seatHistoryTargets,
  seatTarget,
} from './seat-history';

const SEAT = { id: 's1', seatIndex: 1 };

describe('seat history (docs/rules.md, "Seat history")', () => {
  it('records a bind as agreed with the audit log: the customer, the seat id, from, to, address, changes', () => {
    expect(
      bindRecord({
        email: 'c@shop.test',
        licenseId: 's1',
        from: 'https://a.com',
        to: 'https://b.com',
        ip: '203.0.113.7',
        changesLeft: 1,
      }),
    ).toEqual({
      actor: 'c@shop.test',
      action: 'license.bind',
      target: 's1',
      before: { domain: 'https://a.com' },
      after: { domain: 'https://b.com', ip: '203.0.113.7', changesLeft: 1 },
    });
  });

  it('names a seat both ways: the bare id (binds) and "<id> (seat N)" (admin actions)', () => {
    expect(seatHistoryTargets(SEAT)).toEqual(['s1', 's1 (seat 1)']);
  });

  it("tells each kind of entry: binds, admin domain edits, resets and revocations, oldest first; others' seats and other actions left out", () => {
    const entries = [
      {
        action: 'license.reset_changes',
        actor: 'admin@shop.test',
        target: seatTarget('s1', 1),
        createdAt: '2026-02-03T00:00:00.000Z',
        before: { bindingChangesLeft: 0 },
        after: { bindingChangesLeft: 2, reason: 'moved host' },
      },
      {
        action: 'license.bind',
        actor: 'c@shop.test',
        target: 's1',
        createdAt: '2026-02-01T00:00:00.000Z',
        before: { domain: null },
        after: { domain: 'https://a.com', ip: '198.51.100.1', changesLeft: 2 },
      },
      {
        action: 'license.domain',
        actor: 'admin@shop.test',
        target: seatTarget('s1', 1),
        createdAt: '2026-02-02T00:00:00.000Z',
        before: { websiteUrl: 'https://a.com' },
        after: { websiteUrl: 'https://b.com', ip: '192.0.2.9' },
      },
      {
        action: 'license.revoke',
        actor: 'admin@shop.test',
        target: seatTarget('s1', 1),
        createdAt: '2026-02-04T00:00:00.000Z',
        before: { revokedAt: null, websiteUrl: 'https://b.com' },
        after: { revokedAt: '2026-02-04T00:00:00.000Z', reason: 'fraud' },
      },
      {
        action: 'license.bind',
        actor: 'other@shop.test',
        target: 's2',
        createdAt: '2026-02-01T00:00:00.000Z',
      },
      { action: 'account.exported', actor: 'user:u', target: 's1', createdAt: '2026-02-05' },
    ];
    expect(seatHistoryOf(entries, SEAT)).toEqual([
      {
        kind: 'bind',
        by: 'customer',
        actor: 'c@shop.test',
        at: '2026-02-01T00:00:00.000Z',
        from: null,
        to: 'https://a.com',
        ip: '198.51.100.1',
        changesLeft: 2,
        reason: null,
      },
      {
        kind: 'domain',
        by: 'admin',
        actor: 'admin@shop.test',
        at: '2026-02-02T00:00:00.000Z',
        from: 'https://a.com',
        to: 'https://b.com',
        ip: '192.0.2.9',
        changesLeft: null,
        reason: null,
      },
      {
        kind: 'reset',
        by: 'admin',
        actor: 'admin@shop.test',
        at: '2026-02-03T00:00:00.000Z',
        from: null,
        to: null,
        ip: null,
        changesLeft: 2,
        reason: 'moved host',
      },
      {
        kind: 'revoke',
        by: 'admin',
        actor: 'admin@shop.test',
        at: '2026-02-04T00:00:00.000Z',
        from: 'https://b.com',
        to: null,
        ip: null,
        changesLeft: null,
        reason: 'fraud',
      },
    ]);
  });

  it('reads an admin edit recorded before addresses were (no ip) and odd snapshots without failing', () => {
    expect(
      seatEventOf({
        action: 'license.domain',
        actor: 'admin@shop.test',
        createdAt: '2026-01-01T00:00:00.000Z',
        before: 'garbage',
        after: null,
      }),
    ).toMatchObject({ kind: 'domain', from: null, to: null, ip: null });
    expect(seatEventOf({ action: 'vip.add', actor: 'a', createdAt: 'x' })).toBeNull();
  });

  it("shows the customer their own binds with their address, and the store's changes without e-mail, address or reason", () => {
    const [bind, edit] = seatHistoryOf(
      [
        {
          action: 'license.bind',
          actor: 'c@shop.test',
          target: 's1',
          createdAt: '1',
          before: { domain: null },
          after: { domain: 'https://a.com', ip: '198.51.100.1', changesLeft: 2 },
        },
        {
          action: 'license.domain',
          actor: 'admin@shop.test',
          target: 's1 (seat 1)',
          createdAt: '2',
          before: { websiteUrl: 'https://a.com' },
          after: { websiteUrl: null, ip: '192.0.2.9', reason: 'x' },
        },
      ],
      SEAT,
    );
    expect(customerViewOf(bind)).toMatchObject({ actor: 'c@shop.test', ip: '198.51.100.1' });
    expect(customerViewOf(edit)).toMatchObject({
      by: 'admin',
      actor: null,
      ip: null,
      reason: null,
      from: 'https://a.com',
      to: null,
    });
  });
});
