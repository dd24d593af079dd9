import { describe, expect, it } from 'vitest';
import {
  brandsFor,
  fitsTypicalBuildVolume,
  isCataloguedBrand,
  modelsFor,
  TYPICAL_BUILD_VOLUME_MM,
  technologies,
  technologiesThatFit,
} from './printerCatalogue.ts';

describe('printer catalogue', () => {
  it('offers the eight technologies in the order of the spec', () => {
    expect(technologies()).toEqual([
      'FFF/FDM',
      'SLA/Resin',
      'SLS',
      'Multi Jet Fusion',
      'PolyJet',
      'Binder Jetting',
      'Metal 3D Printing',
      'Other',
    ]);
  });

  it('lists brands per technology', () => {
    expect(brandsFor('FFF/FDM')).toEqual([
      'Bambu Lab',
      'Creality',
      'Prusa',
      'Ultimaker',
      'Formlabs',
      'Markforged',
      'Raise3D',
      'Stratasys',
      'FlashForge',
      'LulzBot',
      'Other',
    ]);
    expect(brandsFor('Multi Jet Fusion')).toEqual(['HP', 'Other']);
    expect(brandsFor('Other')).toEqual(['Custom', 'Other']);
    expect(brandsFor('Laser cutting')).toEqual([]);
    expect(brandsFor('toString')).toEqual([]);
  });

  it('lists models per brand', () => {
    expect(modelsFor('FFF/FDM', 'Bambu Lab')).toEqual(['A1 mini', 'A1', 'X1 Carbon', 'X1E', 'P1P', 'P1S']);
    expect(modelsFor('SLA/Resin', 'Formlabs')).toEqual(['Form 3', '3+', '3L', '3B', 'Form 4']);
    expect(modelsFor('Metal 3D Printing', 'EOS')).toEqual(['M 290', 'M 400', 'M 300-4']);
    expect(modelsFor('PolyJet', 'Other')).toEqual([]);
    expect(modelsFor('PolyJet', 'Prusa')).toEqual([]);
    expect(modelsFor('FFF/FDM', 'constructor')).toEqual([]);
  });

  it('knows which brands belong to a technology', () => {
    expect(isCataloguedBrand('SLS', 'Sinterit')).toBe(true);
    expect(isCataloguedBrand('SLS', 'Prusa')).toBe(false);
  });

  it('has a build volume for every technology', () => {
    expect(Object.keys(TYPICAL_BUILD_VOLUME_MM).sort()).toEqual([...technologies()].sort());
  });

  it('fits a part in any axis-aligned orientation', () => {
    expect(fitsTypicalBuildVolume({ x: 180, y: 140, z: 140 }, 'SLA/Resin')).toBe(true);
    expect(fitsTypicalBuildVolume({ x: 150, y: 150, z: 100 }, 'SLA/Resin')).toBe(false);
    expect(fitsTypicalBuildVolume({ x: 256, y: 256, z: 256 }, 'FFF/FDM')).toBe(true);
    expect(fitsTypicalBuildVolume({ x: 257, y: 10, z: 10 }, 'FFF/FDM')).toBe(false);
    expect(fitsTypicalBuildVolume({ x: 10, y: 10, z: 300 }, 'Metal 3D Printing')).toBe(true);
  });

  it('names the technologies a large part still fits', () => {
    expect(technologiesThatFit({ x: 450, y: 300, z: 150 })).toEqual(['PolyJet']);
    expect(technologiesThatFit({ x: 1000, y: 10, z: 10 })).toEqual([]);
  });
});
