import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningApp, withFreshApp } from './support/app';
import { customer } from './support/customer';
import { em } from './support/factories';

/** docs/security.md, "Logs": an error's code and message reach the log, never its SQL and values. */
describe('error logs', () => {
  const logFile = join(mkdtempSync(join(tmpdir(), 'seatkeeper-log-')), 'app.log');
  let running: RunningApp;
  withFreshApp({ LOG_LEVEL: 'info', LOG_FILE: logFile }, (app) => {
    running = app;
  });

  it('log a failed statement by its SQLSTATE and message only', async () => {
    const c = await customer(running.url, `log-victim-${Date.now()}@example.com`);
    const conn = em(running).getConnection();
    await conn.execute(`create or replace function refuse_tokens() returns trigger language plpgsql as $$
      begin raise exception 'token store on fire'; end $$`);
    await conn.execute(
      'create trigger refuse_tokens before insert on user_tokens for each row execute function refuse_tokens()',
    );
    try {
      const res = await c.agent.get('/api/apitokens/token');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        statusCode: 500,
        error: 'Internal server error',
        message: 'Internal server error',
        code: 'INTERNAL',
      });
    } finally {
      await conn.execute('drop trigger refuse_tokens on user_tokens');
      await conn.execute('drop function refuse_tokens()');
    }
    await new Promise((r) => setTimeout(r, 200));
    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('request failed'));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry.err).toMatchObject({ code: 'P0001', message: 'token store on fire' });
    expect(lines[0]).not.toMatch(/insert into/i);
    expect(lines[0]).not.toContain(c.userId);
  });
});
