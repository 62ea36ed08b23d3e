// Two app instances sending one outbox (docs/mail.md): each message is claimed by one of them
// (FOR UPDATE SKIP LOCKED) and delivered once. Several instances share one PostgreSQL server; PGlite is one
// process, so this is PostgreSQL only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { MailOutbox } from '../src/mail/mail-outbox.service';
import { MailWorker } from '../src/mail/mail-worker.service';
import { startApp } from './support/app';
import { createTestDatabase, TEST_DB } from './support/database';
import { em } from './support/factories';
import { startFakeSmtp, until } from './support/smtp';

const onPostgres = TEST_DB === 'postgres' ? describe : describe.skip;

onPostgres('two instances sending the outbox', () => {
  it('deliver every message exactly once', async () => {
    const db = await createTestDatabase();
    const smtp = await startFakeSmtp();
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'receipts@shop.example',
      MAIL_POLL_MS: '50',
    };
    const [a, b] = await Promise.all([startApp(db, env), startApp(db, env)]);
    try {
      const outbox = a.app.get(MailOutbox);
      const COUNT = 30;
      await em(a).transactional(async (tx) => {
        for (let i = 0; i < COUNT; i++)
          await outbox.enqueue(tx as EntityManager, {
            kind: 'test',
            dedupeKey: `many:${i}`,
            to: `reader${i}@example.com`,
            language: 'en',
            subject: `Message ${i}`,
            html: `<p>${i}</p>`,
            text: String(i),
          });
      });
      // Both workers poll every 50 ms; a few more passes on each at once for good measure.
      await Promise.all([
        a.app.get(MailWorker).tick(),
        b.app.get(MailWorker).tick(),
        a.app.get(MailWorker).tick(),
        b.app.get(MailWorker).tick(),
      ]);
      await until(() => smtp.accepted.length >= COUNT, 'every message', 30_000);
      await new Promise((r) => setTimeout(r, 500)); // any duplicate would have arrived by now
      const ids = smtp.accepted.map((m) => m.messageId);
      expect(ids).toHaveLength(COUNT);
      expect(new Set(ids).size).toBe(COUNT);
      const rows = await em(a)
        .getConnection()
        .execute<{ status: string; attempts: number }[]>(
          'select status, attempts from mail_outbox',
        );
      expect(rows).toHaveLength(COUNT);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      // Both instances took part (each claims one at a time while the other is sending).
      expect(smtp.connections).toBeGreaterThanOrEqual(COUNT);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await smtp.stop();
      await db.drop();
    }
  });
});
