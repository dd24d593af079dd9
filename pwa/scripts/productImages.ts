// Draws the picture of every seeded product (domain/src/productArt) into the build, one SVG each at
// /images/products/<slug>.svg, where the seed's imageUrl points.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  PICTURED_PRODUCTS,
  PRODUCT_IMAGE_DIR,
  productImagePath,
  productImageSvg,
} from '@printfarm/domain/productArt/catalogue';

export function writeProductImages(outDir: string): number {
  mkdirSync(path.join(outDir, PRODUCT_IMAGE_DIR), { recursive: true });
  for (const name of PICTURED_PRODUCTS) {
    const file = productImagePath(name);
    const svg = productImageSvg(name);
    if (file && svg) writeFileSync(path.join(outDir, file), svg);
  }
  return PICTURED_PRODUCTS.length;
}
