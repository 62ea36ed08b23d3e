import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import {
  callProvider,
  CONNECT_TIMEOUT_MS,
  FIRST_BYTE_TIMEOUT_MS,
  isPrivateAddress,
  ProviderError,
  providerMessage,
} from './provider-client';

describe('provider client helpers', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('%s is private', (a) => expect(isPrivateAddress(a)).toBe(true));
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '2a00:1450:4001:80b::200e'])(
    '%s is public',
    (a) => expect(isPrivateAddress(a)).toBe(false),
  );

  // Prefixes that embed an IPv4 address: a private one must not be reachable through any of them (a NAT64
  // or 6to4 gateway would translate it), so the whole prefix is refused.
  it.each([
    [
      '::/96 (IPv4-compatible)',
      ['::', '::7f00:1', '::127.0.0.1', '::a00:1', '::a9fe:a9fe', '::808:808'],
    ],
    [
      '64:ff9b::/96 (NAT64)',
      [
        '64:ff9b::7f00:1',
        '64:ff9b::127.0.0.1',
        '64:ff9b::a00:1',
        '64:ff9b::a9fe:a9fe',
        '64:ff9b::c0a8:101',
        '64:ff9b::808:808',
      ],
    ],
    ['64:ff9b:1::/48 (local NAT64)', ['64:ff9b:1::a00:1', '64:ff9b:1:ffff::c0a8:101']],
    [
      '::ffff:0:0/96 (IPv4-mapped)',
      ['::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '::ffff:8.8.8.8', '::ffff:0:0'],
    ],
    ['::ffff:0:0:0/96 (IPv4-translated)', ['::ffff:0:7f00:1', '::ffff:0:a00:1']],
    [
      '2002::/16 (6to4)',
      [
        '2002:7f00:1::',
        '2002:a00:1::1',
        '2002:a9fe:a9fe::',
        '2002:c0a8:101::1',
        '2002:808:808::1',
        '2002:ffff:ffff:ffff::',
      ],
    ],
    ['2001::/32 (Teredo)', ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1']],
  ])('%s is refused', (_name, addresses) => {
    for (const a of addresses) expect([a, isPrivateAddress(a)]).toEqual([a, true]);
  });

  it('does not refuse every IPv4 address because of the IPv4-mapped range', () => {
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2001:db8::1')).toBe(false);
    expect(isPrivateAddress('2003::1')).toBe(false);
  });

  it.each([
    'http://[::ffff:127.0.0.1]/v1',
    'http://[64:ff9b::a9fe:a9fe]/v1',
    'http://[2002:a9fe:a9fe::1]/v1',
    'http://[::10.0.0.1]/v1',
  ])('refuses to call %s before connecting', async (baseUrl) => {
    await expect(
      callProvider({
        baseUrl,
        apiKey: 'sk-x',
        path: '/models',
        timeoutMs: 1000,
        allowPrivate: false,
      }),
    ).rejects.toMatchObject({
      code: 'EPRIVATE',
      message: expect.stringMatching(/^Refusing to connect to .+: private or local address$/),
    });
  });

  it('extracts the provider message from JSON, else shows the status and the start of the text', () => {
    expect(
      providerMessage(
        404,
        JSON.stringify({
          error: { message: 'The model `x` does not exist', code: 'model_not_found' },
        }),
      ),
    ).toBe('The model `x` does not exist');
    expect(providerMessage(502, '<html><body>Bad gateway</body></html>')).toBe(
      'HTTP 502: <html><body>Bad gateway</body></html>',
    );
    expect(providerMessage(500, '')).toBe('HTTP 500: (empty answer)');
  });
});

describe('provider calls', () => {
  it('refuses an API key that cannot be sent in a header with a provider error, not a crash', async () => {
    for (const apiKey of ['sk-密钥', 'sk-é', 'sk-\u2028x', 'sk-\ud800', 'sk x', 'sk-\u0000']) {
      const call = callProvider({
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKey,
        path: '/models',
        timeoutMs: 1000,
        allowPrivate: true,
      });
      await expect(call).rejects.toBeInstanceOf(ProviderError);
      await expect(call).rejects.toMatchObject({
        code: 'EINVALIDKEY',
        message: 'API Key may contain only printable ASCII characters',
      });
    }
  });

  it('waits 5 s for a connection and 30 s for the first byte by default', () => {
    expect(CONNECT_TIMEOUT_MS).toBe(5_000);
    expect(FIRST_BYTE_TIMEOUT_MS).toBe(30_000);
  });

  describe('a host that accepts the connection and never answers', () => {
    let server: Server;
    let port: number;
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      server = createServer((s) => sockets.add(s.on('close', () => sockets.delete(s))));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as { port: number }).port;
    });
    afterAll(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    });

    it('is given up after the first-byte timeout, long before the call timeout', async () => {
      const started = Date.now();
      const call = callProvider({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        apiKey: 'sk-x',
        path: '/models',
        timeoutMs: 60_000,
        allowPrivate: true,
        firstByteTimeoutMs: 300,
      });
      await expect(call).rejects.toMatchObject({
        code: 'ETIMEDOUT',
        message: 'The AI provider did not answer within 1 s',
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(280);
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('never waits for the first byte longer than the whole call may take', async () => {
      const started = Date.now();
      const call = callProvider({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        apiKey: 'sk-x',
        path: '/models',
        timeoutMs: 300,
        allowPrivate: true,
      });
      await expect(call).rejects.toMatchObject({ code: 'ETIMEDOUT' });
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });

  describe('a host that never completes the connection', () => {
    // A listener whose process never accepts (its thread is blocked) and whose accept queue is full: the
    // kernel drops further SYNs, so a connection attempt hangs as with a black-holed address.
    let child: ChildProcess;
    let port: number;
    const fillers: Socket[] = [];
    beforeAll(async () => {
      child = spawn(process.execPath, [
        '-e',
        `const s = require('net').createServer();
         s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
           process.stdout.write(s.address().port + '\\n');
           Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
         });`,
      ]);
      port = await new Promise<number>((resolve) =>
        child.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))),
      );
      for (let i = 0; i < 20; i++) {
        const socket = connect(port, '127.0.0.1');
        fillers.push(socket.on('error', () => undefined));
        const connected = await new Promise<boolean>((r) => {
          socket.once('connect', () => r(true));
          setTimeout(() => r(false), 300);
        });
        if (!connected) return;
      }
      throw new Error('the accept queue never filled');
    });
    afterAll(() => {
      for (const s of fillers) s.destroy();
      child.kill('SIGKILL');
    });

    it('is given up after the connect timeout', async () => {
      const started = Date.now();
      const call = callProvider({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        apiKey: 'sk-x',
        path: '/models',
        timeoutMs: 60_000,
        allowPrivate: true,
        connectTimeoutMs: 300,
      });
      await expect(call).rejects.toMatchObject({
        code: 'ECONNTIMEOUT',
        message: `Cannot reach the AI provider at 127.0.0.1:${port} (no connection within 1 s)`,
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });
});
