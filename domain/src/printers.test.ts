import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  connectorInputSchema,
  isMetadataHost,
  NOT_A_PRINTER_ADDRESS,
  printersFromInventory,
} from './printers.ts';

describe('printersFromInventory', () => {
  it('makes one printer per unit counted, numbered per kind, with the catalogue build volume', () => {
    const printers = printersFromInventory([
      { technology: 'FFF/FDM', brand: 'Prusa', model: 'MK4', count: 2 },
      { technology: 'SLA/Resin', brand: 'Formlabs', model: 'Form 3+', count: 1 },
      { technology: 'FFF/FDM', brand: 'Prusa', model: ' MK4 ', count: 1 },
    ]);
    expect(printers.map((printer) => printer.name)).toEqual([
      'Prusa MK4 #1',
      'Prusa MK4 #2',
      'Formlabs Form 3+ #1',
      'Prusa MK4 #3',
    ]);
    expect(printers[0]).toMatchObject({
      buildXMm: 250,
      buildYMm: 210,
      buildZMm: 220,
      nozzleMm: 0.4,
      model: 'MK4',
    });
    expect(printers[2]).toMatchObject({ technology: 'SLA/Resin', nozzleMm: null });
  });
});

describe('printer addresses', () => {
  const connector = (input: Record<string, unknown>) => v.safeParse(connectorInputSchema, input);
  const octoprint = (baseUrl: string) => connector({ kind: 'octoprint', baseUrl, apiKey: 'key' });
  const bambu = (host: string) =>
    connector({ kind: 'bambu', host, serial: '01S00A000000000', accessCode: '12345678' });

  it.each([
    'http://192.168.1.20',
    'http://octopi.local:5000',
    'http://localhost:7125',
    'https://printers.example.com/farm-3',
    'http://[fd12:3456::20]',
  ])('takes a printer on the farm network: %s', (address) => {
    expect(octoprint(address).success).toBe(true);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fe80::1]/',
    'http://[fd00:ec2::254]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.google.internal./',
  ])('refuses a cloud metadata service: %s', (address) => {
    const parsed = octoprint(address);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0]?.message).toBe(NOT_A_PRINTER_ADDRESS);
  });

  it('checks a Bambu printer’s host the same way', () => {
    expect(bambu('192.168.1.30').success).toBe(true);
    expect(bambu('p1s.local').success).toBe(true);
    for (const host of ['169.254.169.254', '2852039166', 'fe80::1', 'metadata.google.internal']) {
      expect(bambu(host).issues?.[0]?.message, host).toBe(NOT_A_PRINTER_ADDRESS);
    }
  });

  it('knows metadata hosts as the workers see resolved addresses', () => {
    expect(
      ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1%eth0', 'fd00:ec2::254'].map(isMetadataHost),
    ).toEqual([true, true, true, true]);
    expect(['192.168.1.20', '127.0.0.1', '::1', '10.0.0.5', 'fd12::1'].map(isMetadataHost)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
