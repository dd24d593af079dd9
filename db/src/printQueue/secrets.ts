// A printer's connector secrets (OctoPrint API key, Moonraker key, Bambu access code), sealed with
// AES-256-GCM before they are stored. The API only seals; the workers open them (workers/src/printers/
// secrets.ts) when they talk to the printer. The printer's id is the additional data, so a sealed value
// copied onto another printer does not open.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';

export type PrinterSecrets = Record<string, string>;

export const SEALED_VERSION = 'v1';

/** The key from PRINTER_SECRETS_KEY; outside production without one, a fixed key derived from a phrase. */
export function printerSecretsKey(env: {
  NODE_ENV: string;
  PRINTER_SECRETS_KEY?: string | undefined;
}): Buffer {
  if (env.PRINTER_SECRETS_KEY) return Buffer.from(env.PRINTER_SECRETS_KEY, 'hex');
  if (env.NODE_ENV === 'production') throw new Error('PRINTER_SECRETS_KEY must be set in production');
  return createHash('sha256').update('printfarm development printer secrets').digest();
}

export function sealPrinterSecrets(key: Buffer, printerId: string, secrets: PrinterSecrets): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(printerId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return [SEALED_VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}
