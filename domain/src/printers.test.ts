import { describe, expect, it } from 'vitest';
import { printersFromInventory } from './printers.ts';

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
