import { describe, expect, it } from 'vitest';
import { PrinterRefusedError } from './errors.ts';
import { printerHttp } from './http.ts';

describe('printerHttp', () => {
  // An address saved before the form refused it, or written straight into the database: the workers
  // check again, whatever the stored connector says, and send nothing.
  it.each(['http://169.254.169.254', 'http://[fe80::1]:80', 'http://[::ffff:a9fe:a9fe]'])(
    "refuses a cloud metadata service's address before any request: %s",
    async (baseUrl) => {
      const call = printerHttp('OctoPrint', baseUrl, {}, 200).call('/api/version', { method: 'GET' });
      await expect(call).rejects.toBeInstanceOf(PrinterRefusedError);
      await expect(call).rejects.toThrow(/not a printer's address/);
    },
  );

  it('reaches a printer whose name resolves to the farm network as before', async () => {
    // Nothing listens on this port: the call gets as far as the network and reads unreachable.
    const call = printerHttp('OctoPrint', 'http://localhost:9', {}, 2_000).call('/api/version', {
      method: 'GET',
    });
    await expect(call).rejects.toThrow(/OctoPrint at http:\/\/localhost:9: /);
    await expect(call).rejects.not.toBeInstanceOf(PrinterRefusedError);
  });
});
