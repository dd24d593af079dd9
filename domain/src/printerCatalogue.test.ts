import { describe, expect, it } from 'vitest';
import {
  brandsFor,
  buildVolumeOf,
  fitsBuildVolume,
  fitsTypicalBuildVolume,
  isCataloguedBrand,
  modelsFor,
  PUBLISHED_BUILD_VOLUME_MM,
  printerName,
  TECHNOLOGIES,
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

  const published = Object.entries(PUBLISHED_BUILD_VOLUME_MM).flatMap(([brand, models]) =>
    Object.entries(models).map(([model, volume]) => ({ brand, model, volume })),
  );

  it('publishes build volumes only for printers the catalogue lists', () => {
    for (const { brand, model } of published) {
      const listed = technologies().some((technology) => modelsFor(technology, brand).includes(model));
      expect(listed, `${brand} ${model}`).toBe(true);
    }
  });

  it('publishes positive build volumes under 2 m a side', () => {
    expect(published.length).toBeGreaterThan(50);
    for (const { brand, model, volume } of published)
      for (const side of [volume.x, volume.y, volume.z]) {
        expect(side, `${brand} ${model}`).toBeGreaterThan(0);
        expect(side, `${brand} ${model}`).toBeLessThan(2000);
      }
  });

  it('knows the published build volumes of common printers', () => {
    expect(buildVolumeOf('FFF/FDM', 'Prusa', 'MK4')).toEqual({ x: 250, y: 210, z: 220 });
    expect(buildVolumeOf('FFF/FDM', 'Bambu Lab', 'A1 mini')).toEqual({ x: 180, y: 180, z: 180 });
    expect(buildVolumeOf('FFF/FDM', 'Creality', 'K1 Max')).toEqual({ x: 300, y: 300, z: 300 });
    expect(buildVolumeOf('SLA/Resin', 'Formlabs', '3+')).toEqual({ x: 145, y: 145, z: 185 });
    expect(buildVolumeOf('Multi Jet Fusion', 'HP', '4200')).toEqual({ x: 380, y: 284, z: 380 });
    expect(buildVolumeOf('SLS', 'HP', '4200')).toEqual({ x: 380, y: 284, z: 380 });
    expect(buildVolumeOf('Metal 3D Printing', 'EOS', 'M 290')).toEqual({ x: 250, y: 250, z: 325 });
  });

  it("falls back to the technology's typical volume when none is published", () => {
    expect(buildVolumeOf('FFF/FDM', 'Other', 'Custom Build')).toEqual(TYPICAL_BUILD_VOLUME_MM['FFF/FDM']);
    expect(buildVolumeOf('SLS', 'Other', 'Other Brand')).toEqual(TYPICAL_BUILD_VOLUME_MM.SLS);
    expect(buildVolumeOf('Other', 'Custom', 'Experimental')).toEqual(TYPICAL_BUILD_VOLUME_MM.Other);
    expect(buildVolumeOf('SLA/Resin', 'Formlabs')).toEqual(TYPICAL_BUILD_VOLUME_MM['SLA/Resin']);
    expect(buildVolumeOf('PolyJet')).toEqual(TYPICAL_BUILD_VOLUME_MM.PolyJet);
    expect(buildVolumeOf('FFF/FDM', 'Prusa', 'MK5')).toEqual(TYPICAL_BUILD_VOLUME_MM['FFF/FDM']);
    expect(buildVolumeOf('FFF/FDM', 'constructor', 'toString')).toEqual(TYPICAL_BUILD_VOLUME_MM['FFF/FDM']);
    expect(buildVolumeOf('FFF/FDM', 'Prusa', 'constructor')).toEqual(TYPICAL_BUILD_VOLUME_MM['FFF/FDM']);
  });

  it('fits a part into a build volume in any axis-aligned orientation', () => {
    const mk4 = { x: 250, y: 210, z: 220 };
    expect(fitsBuildVolume({ x: 220, y: 250, z: 210 }, mk4)).toBe(true);
    expect(fitsBuildVolume({ x: 10, y: 245, z: 10 }, mk4)).toBe(true);
    expect(fitsBuildVolume({ x: 215, y: 215, z: 10 }, mk4)).toBe(true);
    expect(fitsBuildVolume({ x: 215, y: 215, z: 215 }, mk4)).toBe(false);
    expect(fitsBuildVolume({ x: 10, y: 10, z: 251 }, mk4)).toBe(false);
  });
});

describe('printer names', () => {
  it('reads as people write them', () => {
    expect(printerName('Formlabs', '3+')).toBe('Formlabs Form 3+');
    expect(printerName('Formlabs', 'Form 4')).toBe('Formlabs Form 4');
    expect(printerName('Bambu Lab', 'X1 Carbon')).toBe('Bambu Lab X1 Carbon');
    expect(printerName('HP', '4200')).toBe('HP Multi Jet Fusion 4200');
    expect(printerName('3D Systems', '3600')).toBe('3D Systems ProJet MJP 3600');
    expect(printerName('Prusa', '')).toBe('Prusa');
    expect(printerName('Prusa', null)).toBe('Prusa');
  });

  it("never says 'Other Other Brand'", () => {
    expect(printerName('Other', 'Other Brand')).toBe('Other printer');
    expect(printerName('Other', 'Custom Build')).toBe('Custom Build');
    expect(printerName('Custom', 'Prototype')).toBe('Prototype');
    expect(printerName('Other', 'Unlisted Model')).toBe('Unlisted printer');
    expect(printerName('Other')).toBe('Other printer');
    // Every catalogued pair names itself once, with no doubled word.
    for (const technology of TECHNOLOGIES) {
      for (const brand of brandsFor(technology)) {
        for (const model of modelsFor(technology, brand)) {
          const words = printerName(brand, model).toLowerCase().split(' ');
          expect(
            words.some((word, i) => word === words[i + 1]),
            `${brand} ${model}`,
          ).toBe(false);
        }
      }
    }
  });
});
