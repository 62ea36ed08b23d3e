import { isPrivateAddress, providerMessage } from './provider-client';

describe('provider client helpers', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'])(
    '%s is private',
    (a) => expect(isPrivateAddress(a)).toBe(true),
  );
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111'])('%s is public', (a) => expect(isPrivateAddress(a)).toBe(false));

  it('extracts the provider message from JSON, else shows the status and the start of the text', () => {
    expect(providerMessage(404, JSON.stringify({ error: { message: 'The model `x` does not exist', code: 'model_not_found' } }))).toBe(
      'The model `x` does not exist',
    );
    expect(providerMessage(502, '<html><body>Bad gateway</body></html>')).toBe('HTTP 502: <html><body>Bad gateway</body></html>');
    expect(providerMessage(500, '')).toBe('HTTP 500: (empty answer)');
  });
});
