// Secrets inside a queued e-mail, such as a password reset link: the outbox row, the queue's job data
// (shown on the staff queue screen) and the e-mail log hold only their sealed form, so nobody who can
// read those can use the link. The e-mail's words carry a placeholder; the e-mail worker opens the sealed
// values just before it hands the message to the mail server (workers/src/jobs/emailSend.ts).
// AES-256-GCM under a key derived from PRINTER_SECRETS_KEY (the key for secrets the workers hold for
// others), with the message's key as additional data, so a sealed value opens only in its own message.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { printerSecretsKey } from './printQueue/secrets.ts';

const VERSION = 'm1';

/** Where the `index`th sealed value of a message goes in its words. */
export const sealedPlaceholder = (index: number): string => `{{sealed:${index}}}`;

export function mailSecretsKey(env: { NODE_ENV: string; PRINTER_SECRETS_KEY?: string | undefined }): Buffer {
  return Buffer.from(hkdfSync('sha256', printerSecretsKey(env), '', 'printfarm mail secrets', 32));
}

export function sealMailSecret(key: Buffer, messageKey: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(messageKey));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openMailSecret(key: Buffer, messageKey: string, sealed: string): string {
  const [version, iv = '', tag = '', data = ''] = sealed.split('.');
  if (version !== VERSION) throw new Error('not a sealed mail secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(messageKey));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The message's words with each placeholder replaced by its opened value. */
export function withSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((words, secret, index) => words.replaceAll(sealedPlaceholder(index), secret), text);
}

/** The e-mail with `secrets` sealed for it; its words hold sealedPlaceholder(i) where secrets[i] goes. */
export function sealedFor<Email extends { messageKey: string }>(
  key: Buffer,
  email: Email,
  secrets: readonly string[],
): Email & { sealed: string[] } {
  return { ...email, sealed: secrets.map((secret) => sealMailSecret(key, email.messageKey, secret)) };
}
