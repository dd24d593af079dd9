import { describe, expect, it } from 'vitest';
import { farmCapabilities, TECHNOLOGY_PROFILES } from './farmCapabilities.ts';
import type { PrinterInventoryEntry } from './farmSignup.ts';
import { TYPICAL_BUILD_VOLUME_MM } from './printerCatalogue.ts';

const printers = (...entries: PrinterInventoryEntry[]) => entries;

describe('farm capabilities', () => {
  it('has one capability row per technology and material the farm offers', () => {
    const { rows } = farmCapabilities(
      printers(
        { technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'X1 Carbon', count: 6 },
        { technology: 'SLA/Resin', brand: 'Formlabs', model: 'Form 4', count: 2 },
      ),
    );
    expect(rows.map((row) => [row.printTechnology, row.materialType])).toEqual([
      ...TECHNOLOGY_PROFILES['FFF/FDM'].materials.map((material) => ['FFF/FDM', material]),
      ...TECHNOLOGY_PROFILES['SLA/Resin'].materials.map((material) => ['SLA/Resin', material]),
    ]);
    const resin = rows.find((row) => row.printTechnology === 'SLA/Resin');
    expect(resin).toEqual({
      printTechnology: 'SLA/Resin',
      materialType: 'Standard Resin',
      maxPrintSize: { x: 200, y: 125, z: 210, unit: 'mm' },
      layerHeight: TECHNOLOGY_PROFILES['SLA/Resin'].layerHeightMm,
      postProcessing: TECHNOLOGY_PROFILES['SLA/Resin'].postProcessing,
    });
  });

  it("sizes a technology by the farm's largest printer of it", () => {
    const { rows, capabilities } = farmCapabilities(
      printers(
        { technology: 'FFF/FDM', brand: 'Creality', model: 'Ender 3', count: 10 },
        { technology: 'FFF/FDM', brand: 'Creality', model: 'K1 Max', count: 1 },
        { technology: 'FFF/FDM', brand: 'Prusa', model: 'MINI+', count: 4 },
      ),
    );
    const k1Max = { x: 300, y: 300, z: 300, unit: 'mm' };
    expect(rows.map((row) => row.maxPrintSize)).toEqual(rows.map(() => k1Max));
    expect(capabilities.byTechnology['FFF/FDM']?.maxPrintSize).toEqual(k1Max);
  });

  it('lists the distinct build volumes of each technology', () => {
    const { capabilities } = farmCapabilities(
      printers(
        { technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'P1S', count: 8 },
        { technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'X1 Carbon', count: 2 },
        { technology: 'FFF/FDM', brand: 'Prusa', model: 'MK4', count: 3 },
        { technology: 'SLS', brand: 'Other', model: 'Custom Build', count: 1 },
      ),
    );
    expect(capabilities.byTechnology['FFF/FDM']?.buildVolumes).toEqual([
      { x: 256, y: 256, z: 256 },
      { x: 250, y: 210, z: 220 },
    ]);
    expect(capabilities.byTechnology.SLS).toMatchObject({
      maxPrintSize: { ...TYPICAL_BUILD_VOLUME_MM.SLS, unit: 'mm' },
      buildVolumes: [TYPICAL_BUILD_VOLUME_MM.SLS],
    });
  });

  it('keeps capacity, technologies and materials as they were', () => {
    const { capacity, capabilities } = farmCapabilities(
      printers(
        { technology: 'FFF/FDM', brand: 'Creality', model: 'Ender 3', count: 10 },
        { technology: 'FFF/FDM', brand: 'Creality', model: 'K1 Max', count: 2 },
        { technology: 'Multi Jet Fusion', brand: 'HP', model: '5200', count: 1 },
      ),
    );
    expect(capacity).toBe(12 * 8 + 1 * 60);
    expect(capabilities).toMatchObject({
      technologies: ['FFF/FDM', 'Multi Jet Fusion'],
      materials: ['PLA', 'PETG', 'ABS', 'TPU', 'Nylon PA12', 'Nylon PA11'],
      unit: 'parts per day',
    });
    expect(capabilities.byTechnology['FFF/FDM']).toMatchObject({
      printers: 12,
      materials: TECHNOLOGY_PROFILES['FFF/FDM'].materials,
    });
  });
});
