import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { freePort } from './app';

/**
 * A real SMTP server for the mail tests (the `smtp-server` package, speaking the protocol to nodemailer):
 * it checks the credentials, records every message it ACCEPTED (250 after DATA), parsed by mailparser, and
 * can be told to answer 421 at the greeting (temporarily unavailable), 550 to the recipient (permanent), to
 * hold a message's DATA without answering (a send in progress), or to stop listening (connection refused).
 */
export type SmtpMode = 'accept' | 'tempfail' | 'permfail' | 'hold';

export interface FakeSmtp {
  port: number;
  /** SMTP_URL for the app, with the fake's credentials. */
  url: string;
  accepted: ParsedMail[];
  /** Connections opened, and DATA phases started (accepted or not). */
  connections: number;
  dataStarted: number;
  mode: SmtpMode;
  /** Stops listening (the port then refuses connections) or listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'smtp-pa$$word';

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const port = await freePort();
  let server: SMTPServer | null = null;
  const fake: FakeSmtp = {
    port,
    url: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    accepted: [],
    connections: 0,
    dataStarted: 0,
    mode: 'accept',
    async down() {
      if (!server) return;
      const s = server;
      server = null;
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async up() {
      if (server) return;
      server = create();
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    stop() {
      return fake.down();
    },
  };
  const fail = (message: string, responseCode: number) =>
    Object.assign(new Error(message), { responseCode });
  const options: SMTPServerOptions = {
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      fake.connections++;
      if (fake.mode === 'tempfail')
        return callback(fail('Service not available, try again later', 421));
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username !== SMTP_USER || auth.password !== SMTP_PASSWORD)
        return callback(fail('Authentication failed', 535));
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      if (fake.mode === 'permfail') return callback(fail('Mailbox unavailable', 550));
      callback();
    },
    onData(stream, _session, callback) {
      fake.dataStarted++;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (fake.mode === 'hold') return; // never answered: the sender waits (or dies)
        void simpleParser(Buffer.concat(chunks)).then((parsed) => {
          fake.accepted.push(parsed);
          callback();
        }, callback);
      });
    },
  };
  const create = () => {
    const s = new SMTPServer(options);
    s.on('error', () => undefined); // a client killed mid-DATA resets its socket
    return s;
  };
  await fake.up();
  return fake;
}

export { until } from './until';
