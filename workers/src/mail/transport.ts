// SMTP delivery, one connection per message. The message is composed first, the connection opened
// and greeted, and only then is the caller told that the message is about to leave (`beforeTransfer`):
// the e-mail job records that moment, so a worker that dies before it may safely be replaced by one
// that sends, and one that dies after it never causes a second copy.
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import type { WorkerConfig } from '../config.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The same message always carries the same Message-ID, so mailboxes can tell a copy. */
  messageId?: string;
  headers?: Record<string, string>;
}

export interface SendHooks {
  /** Runs once the server has greeted us, right before the message is sent; a throw sends nothing. */
  beforeTransfer?: () => Promise<void>;
}

/** The only thing jobs know about e-mail delivery. */
export interface Mailer {
  send(mail: OutgoingMail, hooks?: SendHooks): Promise<{ messageId: string }>;
  close(): void;
}

type SmtpSettings = Pick<
  WorkerConfig,
  'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'NODE_ENV'
>;

function step<T>(connection: SMTPConnection, run: (done: (error?: Error | null, value?: T) => void) => void) {
  return new Promise<T>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    connection.once('error', failed);
    run((error, value) => {
      connection.off('error', failed);
      if (error) reject(error);
      else resolve(value as T);
    });
  });
}

export function createSmtpMailer(config: SmtpSettings): Mailer {
  const auth = config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined;
  const open = new Set<SMTPConnection>();
  return {
    async send(mail, hooks = {}) {
      const message = new MailComposer(mail).compile();
      const raw = await message.build();
      const connection = new SMTPConnection({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        ignoreTLS: !config.SMTP_SECURE && config.NODE_ENV !== 'production',
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      connection.on('error', () => {}); // each step below reports its own failure
      open.add(connection);
      try {
        await step<void>(connection, (done) => connection.connect((error) => done(error)));
        if (auth) await step<void>(connection, (done) => connection.login(auth, (error) => done(error)));
        await hooks.beforeTransfer?.();
        await step(connection, (done) => connection.send(message.getEnvelope(), raw, done));
        return { messageId: message.messageId() };
      } finally {
        open.delete(connection);
        connection.quit();
      }
    },
    close() {
      for (const connection of open) connection.close();
    },
  };
}
