import { describe, expect, it } from 'vitest';
import { PICTURED_PRODUCTS, productImagePath, productImageSvg } from './catalogue.ts';

describe('product pictures', () => {
  it('draws each pictured product its own picture, named after it', () => {
    expect(new Set(PICTURED_PRODUCTS.map(productImageSvg)).size).toBe(PICTURED_PRODUCTS.length);
    expect(new Set(PICTURED_PRODUCTS.map(productImagePath)).size).toBe(PICTURED_PRODUCTS.length);
    expect(productImagePath('Dryer Timer Knob')).toBe('/images/products/dryer-timer-knob.svg');
    expect(productImagePath('Something Else')).toBeNull();
    expect(productImageSvg('Something Else')).toBeNull();
  });

  it("draws the product's shape in its colours, with its name as the title", () => {
    const svg = productImageSvg('Ancient Red Dragon') ?? '';
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 300"/);
    expect(svg).toContain('<title>Ancient Red Dragon</title>');
    expect(svg).toContain('#b91c1c');
    expect(productImageSvg('Corner Clamp Set (4)')).toContain('#0ea5e9');
  });
});
