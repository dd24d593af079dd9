import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SLICE_PROFILE_KEYS, sliceProfileKey } from '@printfarm/domain/printSettings';
import { describe, expect, it } from 'vitest';
import { PROFILE_SETTINGS, profileText } from './profiles/generate.ts';

const profileFile = (name: string) => new URL(`profiles/${name}`, import.meta.url);

function iniValues(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const pair = /^(\w+) = (.*)$/.exec(line);
    if (pair) values.set(pair[1] as string, pair[2] as string);
  }
  return values;
}

describe('slicing profiles', () => {
  it('has one file per key, whose layer height and infill are those the key names', () => {
    for (const key of SLICE_PROFILE_KEYS) {
      const [, layerHeight, infill] = /^(\d\.\d\d)mm-(\d+)pct$/.exec(key) ?? [];
      expect(existsSync(profileFile(`${key}.ini`)), key).toBe(true);
      const values = iniValues(readFileSync(profileFile(`${key}.ini`), 'utf8'));
      expect(Number(values.get('layer_height')), key).toBe(Number(layerHeight));
      expect(values.get('fill_density'), key).toBe(`${infill}%`);
    }
  });

  it('keeps the files as generate.ts writes them from base.ini, and no others', () => {
    expect(PROFILE_SETTINGS.map(sliceProfileKey)).toEqual(SLICE_PROFILE_KEYS);
    for (const settings of PROFILE_SETTINGS) {
      const file = readFileSync(profileFile(`${sliceProfileKey(settings)}.ini`), 'utf8');
      expect(file, 'run node workers/src/slicer/profiles/generate.ts').toBe(profileText(settings));
    }
    const inis = readdirSync(profileFile('')).filter((name) => name.endsWith('.ini'));
    expect(inis.sort()).toEqual(['base.ini', ...SLICE_PROFILE_KEYS.map((key) => `${key}.ini`)].sort());
  });

  it('sets the farm basics: 2 perimeters, automatic supports, no brim, PLA 1.75 mm', () => {
    const base = iniValues(readFileSync(profileFile('base.ini'), 'utf8'));
    expect(base.get('perimeters')).toBe('2');
    expect(base.get('support_material')).toBe('1');
    expect(base.get('support_material_auto')).toBe('1');
    expect(base.get('brim_width')).toBe('0');
    expect(base.get('filament_type')).toBe('PLA');
    expect(base.get('filament_diameter')).toBe('1.75');
    expect(base.get('nozzle_diameter')).toBe('0.4');
  });
});
