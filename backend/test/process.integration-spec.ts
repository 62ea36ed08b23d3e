// The app as an operating-system process, as `npm start` runs it: what only a real process shows.
import { randomUUID } from 'node:crypto';
import { startAppProcess } from './support/app-process';
import { createTestDatabase, type TestDatabase } from './support/database';

describe('the app process', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('writes its last buffered log lines when stopped with SIGTERM', async () => {
    const app = await startAppProcess(db, { NODE_ENV: 'development', LOG_LEVEL: 'info' });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) {
      const res = await fetch(`${app.url}/api/apitokens/token`, {
        headers: { 'x-request-id': id },
      });
      expect(res.status).toBe(401);
    }
    await app.kill('SIGTERM');
    const lines = app
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { req?: { id: string }; res?: { statusCode: number } });
    for (const id of ids) {
      expect(lines.find((l) => l.req?.id === id)).toMatchObject({ res: { statusCode: 401 } });
    }
  });
});
