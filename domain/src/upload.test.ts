import { describe, expect, it } from 'vitest';
import { isAllowedUpload, modelFormatFromName, UPLOAD_HINTS, UPLOAD_LIMITS } from './upload.ts';

describe('upload limits', () => {
  it('matches the dashboard restrictions', () => {
    expect(UPLOAD_LIMITS.maxFiles).toBe(5);
    expect(UPLOAD_LIMITS.maxFileSize).toBe(100 * 1024 * 1024);
    expect(UPLOAD_LIMITS.allowedExtensions).toEqual([
      '.3mf',
      '.stl',
      '.obj',
      '.step',
      '.stp',
      '.gcode',
      '.ply',
    ]);
    expect(UPLOAD_HINTS.formats).toBe('Supported formats: 3MF, STL, OBJ, STEP, GCODE, PLY');
    expect(UPLOAD_HINTS.limits).toBe('Max file size: 100MB per file • Upload up to 5 files at once');
  });
});

describe('modelFormatFromName', () => {
  it.each([
    ['bracket.stl', 'stl'],
    ['Bracket.STL', 'stl'],
    ['case.3mf', '3mf'],
    ['part.step', 'step'],
    ['part.STP', 'step'],
    ['benchy.gcode', 'gcode'],
    ['scan.ply', 'ply'],
    ['mesh.v2.obj', 'obj'],
  ])('%j → %j', (name, format) => {
    expect(modelFormatFromName(name)).toBe(format);
  });

  it.each(['readme.txt', 'stl', 'archive.stl.zip', '.stl.exe', ''])('refuses %j', (name) => {
    expect(modelFormatFromName(name)).toBeNull();
  });
});

describe('isAllowedUpload', () => {
  it('accepts a model file of at most 100 MB', () => {
    expect(isAllowedUpload({ name: 'a.stl', size: 104_857_600 })).toBe(true);
    expect(isAllowedUpload({ name: 'a.stl', size: 104_857_601 })).toBe(false);
    expect(isAllowedUpload({ name: 'a.stl', size: 0 })).toBe(false);
    expect(isAllowedUpload({ name: 'a.pdf', size: 10 })).toBe(false);
  });
});
