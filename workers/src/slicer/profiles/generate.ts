// Writes one PrusaSlicer profile per layer-height/infill pair from base.ini:
//   node workers/src/slicer/profiles/generate.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { PROFILE_SETTINGS, type PrintSettings, sliceProfileKey } from '@printfarm/domain/printSettings';

export { PROFILE_SETTINGS };

/** Top and bottom shells about 0.8 mm thick: 7 layers at 0.12 mm, 4 at 0.20 mm, 3 at 0.28 mm. */
function shellLayers(layerHeightMm: number): string {
  return String(Math.ceil(0.8 / layerHeightMm - 1e-9));
}

/** The keys that differ from base.ini for one pair. */
function overrides({ layerHeightMm, infillPercent }: PrintSettings): Record<string, string> {
  return {
    layer_height: String(layerHeightMm),
    fill_density: `${infillPercent}%`,
    // PrusaSlicer refuses grid at 100 % ("not supposed to work at 100% density").
    fill_pattern: infillPercent === 100 ? 'rectilinear' : 'grid',
    top_solid_layers: shellLayers(layerHeightMm),
    bottom_solid_layers: shellLayers(layerHeightMm),
  };
}

export function profileText(settings: PrintSettings): string {
  const base = readFileSync(new URL('base.ini', import.meta.url), 'utf8');
  const changed = overrides(settings);
  const lines = base
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => {
      const key = line.split(' = ', 1)[0] ?? '';
      return key in changed ? `${key} = ${changed[key]}` : line;
    });
  const header = [
    `# Farm FDM profile ${sliceProfileKey(settings)} for PrusaSlicer 2.5.`,
    '# Generated from base.ini by generate.ts: edit those, not this file.',
  ];
  return [...header, ...lines].join('\n');
}

if (import.meta.main) {
  for (const settings of PROFILE_SETTINGS) {
    writeFileSync(new URL(`${sliceProfileKey(settings)}.ini`, import.meta.url), profileText(settings));
  }
}
