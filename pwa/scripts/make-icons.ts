// Draws the PrintFarm app icons (an orange tile with a white 3D printer) and writes them as PNG files
// under pwa/public/icons/. No image library: shapes are sampled into RGBA pixels and encoded with zlib.
// Run once after changing the drawing: node pwa/scripts/make-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  r: number;
}

interface IconSpec {
  file: string;
  size: number;
  /** Maskable icons fill the whole square and keep the drawing inside the central safe zone. */
  maskable: boolean;
}

const ORANGE_TOP: Rgb = [249, 115, 22]; // #f97316
const ORANGE_BOTTOM: Rgb = [234, 88, 12]; // #ea580c
const WHITE: Rgb = [255, 255, 255];
const SUPERSAMPLE = 4;

// The printer, in a 0..1 square: frame (top bar and two uprights), build plate, print head with
// nozzle, and a part being printed in three layers.
const PRINTER: Rect[] = [
  { x0: 0.14, y0: 0.14, x1: 0.86, y1: 0.25, r: 0.04 },
  { x0: 0.14, y0: 0.14, x1: 0.25, y1: 0.84, r: 0.04 },
  { x0: 0.75, y0: 0.14, x1: 0.86, y1: 0.84, r: 0.04 },
  { x0: 0.08, y0: 0.8, x1: 0.92, y1: 0.9, r: 0.04 },
  { x0: 0.39, y0: 0.25, x1: 0.61, y1: 0.42, r: 0.03 },
  { x0: 0.33, y0: 0.7, x1: 0.67, y1: 0.77, r: 0.015 },
  { x0: 0.36, y0: 0.615, x1: 0.64, y1: 0.68, r: 0.015 },
  { x0: 0.39, y0: 0.53, x1: 0.61, y1: 0.595, r: 0.015 },
];
// Nozzle: a downward triangle under the print head.
const NOZZLE = { top: 0.42, bottom: 0.5, halfWidth: 0.065, cx: 0.5 };

function inRoundedRect(x: number, y: number, { x0, y0, x1, y1, r }: Rect): boolean {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function inNozzle(x: number, y: number): boolean {
  if (y < NOZZLE.top || y > NOZZLE.bottom) return false;
  const halfWidth = NOZZLE.halfWidth * (1 - (y - NOZZLE.top) / (NOZZLE.bottom - NOZZLE.top));
  return Math.abs(x - NOZZLE.cx) <= halfWidth;
}

function inPrinter(x: number, y: number): boolean {
  return inNozzle(x, y) || PRINTER.some((rect) => inRoundedRect(x, y, rect));
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function drawIcon({ size, maskable }: IconSpec): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const tile: Rect = maskable
    ? { x0: 0, y0: 0, x1: 1, y1: 1, r: 0 }
    : { x0: 0.02, y0: 0.02, x1: 0.98, y1: 0.98, r: 0.2 };
  // Glyph box inside the tile; a maskable icon keeps it within the 80% safe circle.
  const glyphSize = maskable ? 0.56 : 0.7;
  const glyphOffset = (1 - glyphSize) / 2;
  const samples = SUPERSAMPLE * SUPERSAMPLE;

  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLE) / size;
          const y = (py + (sy + 0.5) / SUPERSAMPLE) / size;
          if (!inRoundedRect(x, y, tile)) continue;
          const white = inPrinter((x - glyphOffset) / glyphSize, (y - glyphOffset) / glyphSize);
          const colour = white ? WHITE : mix(ORANGE_TOP, ORANGE_BOTTOM, y);
          red += colour[0];
          green += colour[1];
          blue += colour[2];
          alpha += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (alpha === 0) continue;
      pixels[offset] = Math.round(red / alpha);
      pixels[offset + 1] = Math.round(green / alpha);
      pixels[offset + 2] = Math.round(blue / alpha);
      pixels[offset + 3] = Math.round((alpha / samples) * 255);
    }
  }
  return pixels;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes 8-bit RGBA pixels as a PNG (colour type 6, no interlace, filter 0 on every row). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let row = 0; row < height; row++) {
    raw[row * (stride + 1)] = 0;
    raw.set(rgba.subarray(row * stride, (row + 1) * stride), row * (stride + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS ignores the manifest icons and masks this one itself, so it is full-bleed too.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const outDir = new URL('../public/icons/', import.meta.url);
mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  const png = encodePng(icon.size, icon.size, drawIcon(icon));
  writeFileSync(new URL(icon.file, outDir), png);
  console.log(`wrote public/icons/${icon.file} (${png.length} bytes)`);
}
