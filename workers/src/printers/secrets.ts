// Opens a printer's sealed connector secrets (db/src/printQueue/secrets.ts seals them): only here, in
// the worker that talks to the printer; the API never reads them back.
import { createDecipheriv } from 'node:crypto';
import { type PrinterSecrets, SEALED_VERSION } from '@printfarm/db/printQueue/secrets';

/** Opens a sealed value; throws when the key, the printer or the bytes are not the ones it was sealed with. */
export function openPrinterSecrets(key: Buffer, printerId: string, sealed: string): PrinterSecrets {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== SEALED_VERSION || !iv || !tag || data === undefined)
    throw new Error('Not a sealed printer secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(printerId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as PrinterSecrets;
}
