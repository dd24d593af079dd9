import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { stepBox } from '../../../tests/fixtures/models/step.ts';
import { sliceModel } from '../slicer/slice.ts';
import { memoryUpload } from '../storage/uploads.ts';
import { analyzeModel } from './analyze.ts';
import { durationSeconds, type GcodeSummary, readSlicerComment } from './gcode.ts';
import { checkStepStructure } from './step.ts';

const fixtureUrl = (name: string) => new URL(`../../../tests/fixtures/models/${name}`, import.meta.url);
const fixture = (name: string) => readFileSync(fixtureUrl(name));

async function gcodeSize(text: string) {
  const outcome = await analyzeModel(memoryUpload(strToU8(text)), 'part.gcode');
  if (outcome.status !== 'ready') throw new Error(outcome.reason);
  return outcome.analysis.bbox;
}

describe('STEP', () => {
  it('checks the structure, tessellates a box with occt-import-js and reports schema and products', async () => {
    const outcome = await analyzeModel(memoryUpload(strToU8(stepBox([20, 30, 40], 'Bracket A'))), 'box.step');
    if (outcome.status !== 'ready') throw new Error(outcome.reason);
    const { analysis } = outcome;
    expect(analysis.format).toBe('step');
    expect(analysis.bbox).toEqual({ x: 20, y: 30, z: 40 });
    expect(analysis.volumeCm3?.toFixed(3)).toBe('24.000');
    expect(analysis.surfaceAreaCm2?.toFixed(2)).toBe('52.00');
    expect(analysis.watertight).toBe(true);
    expect(analysis.overhangAreaCm2).toBe(0);
    expect(analysis.supportVolumeCm3).toBe(0);
    expect(analysis.metadata.schema).toEqual(['AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }']);
    expect(analysis.metadata.products).toEqual(['Bracket A']);
  }, 60_000);

  it('reads the stored sample cube', async () => {
    const outcome = await analyzeModel(memoryUpload(fixture('box-20mm.step')), 'box-20mm.stp');
    expect(outcome.status === 'ready' && outcome.analysis.volumeCm3?.toFixed(3)).toBe('8.000');
  }, 60_000);

  it('rejects broken structure with the part that is missing', async () => {
    const box = stepBox();
    const cases: Array<[string, string]> = [
      [
        box.replace('ISO-10303-21;', 'ISO-10303-22;'),
        'Not a valid STEP: the file does not start with "ISO-10303-21;"',
      ],
      [box.replace(/FILE_SCHEMA.*\n/, ''), 'Not a valid STEP: the HEADER section has no FILE_SCHEMA'],
      [
        box.replace('DATA;', 'DATA'),
        'Not a valid STEP: the DATA section is missing or not closed by ENDSEC;',
      ],
      [
        box.replace('END-ISO-10303-21;', ''),
        'Not a valid STEP: the file does not end with "END-ISO-10303-21;"',
      ],
    ];
    for (const [text, reason] of cases) {
      const outcome = await analyzeModel(memoryUpload(strToU8(text)), 'broken.step');
      expect(outcome).toEqual({ status: 'rejected', format: 'step', reason });
    }
    expect(() => checkStepStructure(box)).not.toThrow();
  });

  it('rejects a well-formed file without geometry', async () => {
    const empty =
      "ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('CONFIG_CONTROL_DESIGN'));\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n";
    const outcome = await analyzeModel(memoryUpload(strToU8(empty)), 'empty.stp');
    expect(outcome).toEqual({
      status: 'rejected',
      format: 'step',
      reason: 'Not a valid STEP: no solid geometry could be read from the DATA section',
    });
  }, 60_000);
});

describe('G-code', () => {
  it('reads PrusaSlicer metadata and the extents of extruding moves', async () => {
    const outcome = await analyzeModel(memoryUpload(fixture('prusaslicer-cube.gcode')), 'cube.gcode');
    if (outcome.status !== 'ready') throw new Error(outcome.reason);
    const { analysis } = outcome;
    expect(analysis.format).toBe('gcode');
    expect(analysis.triangleCount).toBeNull();
    expect(analysis.volumeCm3).toBeNull();
    expect(analysis.overhangAreaCm2).toBeNull();
    expect(analysis.supportVolumeCm3).toBeNull();
    // The part spans 90..110 × 90..110, 0.6 mm high; the start sequence's purge line (x 0 to 100 at
    // y -3, before the first ;LAYER_CHANGE) is not the part.
    expect(analysis.bbox).toEqual({ x: 20, y: 20, z: 0.6 });
    expect(analysis.metadata).toMatchObject({
      slicer: 'PrusaSlicer 2.7.1+linux-x64-GTK3 on 2026-11-21 at 10:15:00 UTC',
      estimatedTimeSeconds: 754,
      filamentUsedMm: 432.1,
      filamentUsedG: 1.29,
      layerHeightMm: 0.2,
      printerModel: 'MK4',
    });
    expect(analysis.fitsBuildVolume?.['FFF/FDM']).toBe(true);
  });

  it('measures a 20 mm cube sliced by PrusaSlicer with our own profile as 20 mm, not its purge line and skirt', async () => {
    if (!existsSync('/usr/bin/prusa-slicer')) {
      console.warn('/usr/bin/prusa-slicer is not installed: the cube was not sliced');
      return;
    }
    const result = await sliceModel({
      modelPath: fileURLToPath(fixtureUrl('cube-20mm.stl')),
      profileKey: '0.20mm-15pct',
      scale: 1,
      filamentDensity: 1.24,
      timeoutMs: 60_000,
      memoryMb: 2048,
      keepGcode: true,
    });
    if (!result.ok || !result.gcode) throw new Error(result.ok ? 'no G-code kept' : result.reason);
    const outcome = await analyzeModel(memoryUpload(result.gcode), 'cube.gcode');
    if (outcome.status !== 'ready') throw new Error(outcome.reason);
    // Extrusion centre lines: the outer wall's runs half a line width inside the surface.
    expect(outcome.analysis.bbox?.x).toBeCloseTo(20, 0);
    expect(outcome.analysis.bbox?.y).toBeCloseTo(20, 0);
    expect(outcome.analysis.bbox?.z).toBeCloseTo(20, 1);
  }, 60_000);

  it("tells the part from the start sequence by Cura's, Bambu Studio's and Orca's markers", async () => {
    const purge = ['G90', 'M83', 'G1 Z0.2', 'G1 X0 Y-3', 'G1 X100 E10'];
    const square = (z: number) => [
      `G1 Z${z}`,
      'G1 X90 Y90',
      'G1 X110 E1',
      'G1 Y110 E1',
      'G1 X90 E1',
      'G1 Y90 E1',
    ];
    const skirt = ['G1 X85 Y85', 'G1 X115 E1', 'G1 Y115 E1'];
    const part = { x: 20, y: 20, z: 0.4 };
    // Cura: the start sequence has no marker; layers are ';LAYER:n' and features ';TYPE:'.
    expect(
      await gcodeSize(
        [
          ...purge,
          ';LAYER:0',
          ';TYPE:SKIRT',
          ...skirt,
          ';TYPE:WALL-OUTER',
          ...square(0.2),
          ';LAYER:1',
          ...square(0.4),
        ].join('\n'),
      ),
    ).toEqual(part);
    // Bambu Studio: '; CHANGE_LAYER' and '; FEATURE: ...', the start sequence marked as custom.
    expect(
      await gcodeSize(
        [
          '; FEATURE: Custom',
          ...purge,
          '; CHANGE_LAYER',
          '; FEATURE: Brim',
          ...skirt,
          '; FEATURE: Outer wall',
          ...square(0.2),
          '; CHANGE_LAYER',
          ...square(0.4),
        ].join('\n'),
      ),
    ).toEqual(part);
    // Features without layer markers.
    expect(
      await gcodeSize(
        [
          ';TYPE:Custom',
          ...purge,
          ';TYPE:Skirt/Brim',
          ...skirt,
          ';TYPE:External perimeter',
          ...square(0.2),
          ...square(0.4),
        ].join('\n'),
      ),
    ).toEqual(part);
    // Orca: ';LAYER_CHANGE', a prime tower beside the part.
    expect(
      await gcodeSize(
        [
          ...purge,
          ';LAYER_CHANGE',
          '; FEATURE: Prime tower',
          'G1 X150 Y150',
          'G1 X160 E1',
          '; FEATURE: Inner wall',
          ...square(0.2),
          ';LAYER_CHANGE',
          ...square(0.4),
        ].join('\n'),
      ),
    ).toEqual(part);
    // No markers at all: every extrusion, as before.
    expect(await gcodeSize([...purge, ...square(0.2)].join('\n'))).toEqual({ x: 110, y: 113, z: 0.2 });
  });

  it('honours inches (G20) and absolute extrusion (M82)', async () => {
    const text = [
      'G20',
      'G90',
      'M82',
      'G92 E0',
      'G1 X0 Y0 Z0.01',
      'G1 X1 Y0 E0.1',
      'G1 X1 Y2 E0.2',
      'G1 X0 Y2 E0.2',
    ].join('\n');
    const outcome = await analyzeModel(memoryUpload(strToU8(text)), 'inch.gcode');
    // The last move does not extrude (E stays 0.2), so it does not widen the extents.
    expect(outcome.status === 'ready' && outcome.analysis.bbox).toEqual({ x: 25.4, y: 50.8, z: 0.254 });
  });

  it('reads Bambu Studio and Cura summaries', () => {
    const bambu: GcodeSummary = {};
    for (const line of [
      '; BambuStudio 01.09.00.70',
      '; model printing time: 1h 2m 3s; total estimated time: 1h 9m 10s',
      '; total filament length [mm] : 5012.33',
      '; total filament weight [g] : 14.94',
      '; layer_height = 0.16',
      '; printer_model = Bambu Lab X1 Carbon',
    ]) {
      readSlicerComment(line, bambu);
    }
    expect(bambu).toEqual({
      slicer: 'BambuStudio',
      estimatedTimeSeconds: 4150,
      filamentUsedMm: 5012.33,
      filamentUsedG: 14.94,
      layerHeightMm: 0.16,
      printerModel: 'Bambu Lab X1 Carbon',
    });
    const cura: GcodeSummary = {};
    for (const line of [
      ';Generated with Cura_SteamEngine 5.6.0',
      ';TIME:3723',
      ';Filament used: 1.5m',
      ';Layer height: 0.2',
      ';TARGET_MACHINE.NAME:Creality Ender-3',
    ]) {
      readSlicerComment(line, cura);
    }
    expect(cura).toEqual({
      slicer: 'Cura_SteamEngine 5.6.0',
      estimatedTimeSeconds: 3723,
      filamentUsedMm: 1500,
      layerHeightMm: 0.2,
      printerModel: 'Creality Ender-3',
    });
    expect(durationSeconds('1d 2h 3m 4s')).toBe(93_784);
  });

  it('rejects text without moves', async () => {
    const outcome = await analyzeModel(memoryUpload(strToU8('; just a comment\nM104 S200\n')), 'empty.gcode');
    expect(outcome).toEqual({
      status: 'rejected',
      format: 'gcode',
      reason: 'Not a valid GCODE: the file holds no G0/G1 moves',
    });
  });
});
