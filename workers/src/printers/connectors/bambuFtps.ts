// Files reach a Bambu Lab printer in LAN mode by implicit FTPS on port 990 (user bblp, the access
// code as password), into the root of its SD card.
import { Readable } from 'node:stream';
import type { ConnectionOptions } from 'node:tls';
import { Client, FTPError } from 'basic-ftp';
import { describeFailure, PrinterRefusedError, PrinterUnreachableError } from './errors.ts';
import type { ConnectorConfig } from './types.ts';

export type BambuConfig = Extract<ConnectorConfig, { kind: 'bambu' }>;

/**
 * A printer's certificate names its serial, not its address: a pinned certificate is the check.
 * Without one, LAN mode offers nothing to verify against, so any certificate is taken.
 */
export function bambuTls(
  config: BambuConfig,
): Pick<ConnectionOptions, 'rejectUnauthorized' | 'checkServerIdentity'> & { ca?: string } {
  return config.ca ? { ca: config.ca, checkServerIdentity: () => undefined } : { rejectUnauthorized: false };
}

export async function uploadToSdCard(
  config: BambuConfig,
  fileName: string,
  gcode: Uint8Array,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const where = `Bambu FTPS at ${config.host}:${config.ftpsPort ?? 990}`;
  const client = new Client(timeoutMs);
  const abort = () => client.close();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    await client.access({
      host: config.host,
      port: config.ftpsPort ?? 990,
      user: 'bblp',
      password: config.accessCode,
      secure: 'implicit',
      secureOptions: bambuTls(config),
    });
    await client.uploadFrom(Readable.from([Buffer.from(gcode)]), fileName);
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof FTPError && error.code === 530) {
      throw new PrinterRefusedError(`${where} refused the access code: ${error.message}`);
    }
    if (error instanceof FTPError) throw new Error(`${where}: ${error.message}`, { cause: error });
    throw new PrinterUnreachableError(`${where}: ${describeFailure(error)}`, { cause: error });
  } finally {
    signal?.removeEventListener('abort', abort);
    client.close();
  }
}
