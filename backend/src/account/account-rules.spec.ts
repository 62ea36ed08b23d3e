import { confirmsDeletion, CREDENTIAL_MAIL_KINDS, exportFileName } from './account-rules';

describe('account rules', () => {
  it("confirms a deletion only with the account's own e-mail (any case, spaces around)", () => {
    expect(confirmsDeletion('ann@example.com', 'ann@example.com')).toBe(true);
    expect(confirmsDeletion('  Ann@Example.COM ', 'ann@example.com')).toBe(true);
    expect(confirmsDeletion('ann@example.co', 'ann@example.com')).toBe(false);
    expect(confirmsDeletion('DELETE', 'ann@example.com')).toBe(false);
    expect(confirmsDeletion('', '')).toBe(false);
    expect(confirmsDeletion('   ', 'ann@example.com')).toBe(false);
  });

  it('treats the sign-in code e-mail as a credential', () => {
    expect(CREDENTIAL_MAIL_KINDS.has('sign-in-code')).toBe(true);
    expect(CREDENTIAL_MAIL_KINDS.has('order-paid')).toBe(false);
  });

  it('names the file by the UTC day', () => {
    expect(exportFileName(new Date('2026-03-04T23:59:00Z'))).toBe(
      'seatkeeper-account-2026-03-04.json',
    );
  });
});
