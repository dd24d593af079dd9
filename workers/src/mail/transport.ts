import nodemailer from 'nodemailer';
import type { WorkerConfig } from '../config.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** The only thing jobs know about e-mail delivery. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export function createSmtpMailer(config: WorkerConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } } : {}),
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    ignoreTLS: !config.SMTP_SECURE && config.NODE_ENV !== 'production',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      return { messageId: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}
