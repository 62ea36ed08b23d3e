import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { withFreshApp, type RunningApp } from './support/app';
import { customer } from './support/customer';
import { giveSeats } from './support/factories';

const run = promisify(execFile);

/** What the docs write for the store's address and the activation code. */
const STORE = 'https://store.example.com';
const CODE = 'YOUR_ACTIVATION_CODE';
const API_SECTIONS = ['token-auth', 'api-endpoints', 'error-handling'];

/** The ```bash blocks of a Markdown text that run curl, one command each (line continuations joined). */
export function curlExamples(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks
    .map((b) => b.replace(/\s*\\\n\s*/g, ' ').trim())
    .filter((command) => command.startsWith('curl '));
}

/** A shell command line split into words as a POSIX shell would (single and double quotes). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; line[j] !== '"'; j++) {
        if (line[j] === '\\' && '"\\$`'.includes(line[j + 1]!)) j++;
        word += line[j];
      }
      i = j;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

interface CurlAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Runs one documented command with the real curl binary against the test app. */
async function curl(command: string, base: string, code: string): Promise<CurlAnswer> {
  const words = shellWords(command).map((w) => w.split(STORE).join(base).split(CODE).join(code));
  expect(words[0]).toBe('curl');
  const { stdout } = await run('curl', [...words.slice(1), '-sS', '-i', '--max-time', '10']);
  const at = stdout.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = stdout.slice(0, at).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [
      l.slice(0, l.indexOf(':')).toLowerCase(),
      l.slice(l.indexOf(':') + 1).trim(),
    ]),
  );
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: JSON.parse(stdout.slice(at + 4)) as Record<string, unknown>,
  };
}

/**
 * What each documented example must answer (docs sections token-auth, api-endpoints, error-handling):
 * recognised by what the command asks. An example no rule recognises fails the test.
 */
function check(command: string, answer: CurlAnswer) {
  const { status, headers, body } = answer;
  if (command.includes('/api/verify-token') && command.includes("-d '{}'")) {
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'TOKEN_REQUIRED', message: 'Token is required' });
  } else if (command.includes('/api/verify-token')) {
    expect(status).toBe(200);
    expect(body).toMatchObject({ valid: true, message: 'Token is valid' });
    expect(Number(headers['x-ratelimit-limit'])).toBeGreaterThan(0);
    expect(headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    expect(headers['x-ratelimit-reset']).toMatch(/^\d+$/);
  } else if (command.includes('/api/licenses/check') && command.includes("-d '{}'")) {
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Domain is required' });
  } else if (command.includes('/api/licenses/check') && command.includes('other-site.example')) {
    expect(status).toBe(200);
    expect(body).toMatchObject({ valid: false, code: 'DOMAIN_NOT_BOUND', license: null });
  } else if (command.includes('/api/licenses/check') && command.includes('mysite.local')) {
    expect(status).toBe(200);
    expect(body).toMatchObject({
      valid: true,
      code: 'VALID',
      development: true,
      domain: 'mysite.local',
    });
  } else if (command.includes('/api/licenses/check')) {
    expect(status).toBe(200);
    expect(body).toMatchObject({
      valid: true,
      code: 'VALID',
      domain: 'example.com',
      license: { seatIndex: 1, tier: 'pro', licenseType: 'permanent', expiresAt: null },
    });
    expect(typeof body.checkedAt).toBe('string');
    expect(headers['x-seatkeeper-signature']).toBeTruthy();
    expect(headers['x-seatkeeper-key-id']).toMatch(/^[0-9a-f]{16}$/);
  } else if (command.includes('/api/licenses/public-key')) {
    expect(status).toBe(200);
    expect(body).toMatchObject({ algorithm: 'Ed25519' });
    expect(Buffer.from(body.publicKey as string, 'base64')).toHaveLength(32);
  } else if (command.includes('/api/wp-updates/plugins/visual-editor/info')) {
    expect(status).toBe(200);
    expect(body).toMatchObject({ slug: 'visual-editor', license: { code: 'VALID' } });
    expect(body.package).toMatch(/\/api\/wp-updates\/plugins\/download\/visual-editor\?link=/);
    expect(body.download_url).toBe(body.package);
    expect(headers['x-seatkeeper-signature']).toBeTruthy();
  } else {
    throw new Error(`no expectation for the documented example: ${command}`);
  }
}

describe('the API docs examples run against the store', () => {
  let running: RunningApp;
  let code: string;
  withFreshApp({}, async (app) => {
    running = app;
    const c = await customer(app.url);
    await giveSeats(app, c.userId, 'pro', 1, { bound: ['https://example.com'] });
    code = (await c.agent.get('/api/apitokens/token').expect(200)).body.plainToken as string;
  });

  it.each(['zh-CN', 'en'])('every curl example of the API sections in %s', async (lang) => {
    const commands: string[] = [];
    for (const slug of API_SECTIONS) {
      const section = await request(running.url)
        .get(`/api/docs-sections/${slug}?lang=${lang}`)
        .expect(200);
      commands.push(...curlExamples(section.body.markdown as string));
    }
    // Each section documents its calls: verify-token and the form body, the check's answers, the public
    // key and the update metadata, the two refusals.
    expect(commands.length).toBeGreaterThanOrEqual(10);
    for (const command of commands) {
      const answer = await curl(command, running.url, code);
      try {
        check(command, answer);
      } catch (e) {
        throw new Error(
          `${command}\n→ ${answer.status} ${JSON.stringify(answer.body)}\n${String(e)}`,
        );
      }
    }
  });

  it('reads the examples the way a shell does', () => {
    expect(shellWords(`curl -s -d '{"domain":"x"}' -H "A: b c" plain`)).toEqual([
      'curl',
      '-s',
      '-d',
      '{"domain":"x"}',
      '-H',
      'A: b c',
      'plain',
    ]);
    expect(curlExamples('x\n```bash\ncurl -s a \\\n  -H "b"\n```\n```php\ncurl\n```')).toEqual([
      'curl -s a -H "b"',
    ]);
  });
});
