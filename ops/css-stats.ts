// How far the PWA's CSS keeps to its design tokens: distinct font sizes, raw colours written outside the
// token definitions in styles.css, spacing lengths that are not a token, distinct media-query
// breakpoints, and how the CSS files are named.
//
//   node ops/css-stats.ts            (add --list to print the values themselves)
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/prepare.ts';

const TOKEN_FILE = 'pwa/src/styles.css';
const list = process.argv.includes('--list');

const files = globSync('pwa/src/**/*.css', { cwd: repoRoot }).sort();

const fontSizes = new Map<string, number>();
const hexColours = new Map<string, number>();
const functionColours = new Map<string, number>();
const spacings = new Map<string, number>();
const breakpoints = new Map<number, number>();
const naming = new Map<string, string[]>();
let lines = 0;

const count = (map: Map<string | number, number>, key: string | number) =>
  map.set(key, (map.get(key) ?? 0) + 1);

/** A media query's width as the first pixel width it concerns: `max-width: 767px` and `min-width: 768px` are one breakpoint. */
function boundary(kind: string, value: number, unit: string): number {
  const px = unit === 'px' ? value : value * 16;
  return kind === 'max' && px % 2 === 1 ? px + 1 : px;
}

function namingStyle(file: string): string {
  const name = path.basename(file, '.css');
  if (name.includes('-')) return 'kebab-case';
  if (/^[A-Z]/.test(name)) return 'PascalCase';
  return 'camelCase';
}

for (const file of files) {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  lines += text.split('\n').length - 1;
  naming.set(namingStyle(file), [...(naming.get(namingStyle(file)) ?? []), file]);
  const css = text.replace(/\/\*[\s\S]*?\*\//g, '');
  const declarations = css.matchAll(/([\w-]+)\s*:\s*([^;{}]+);/g);
  for (const [, property = '', value = ''] of declarations) {
    // A token's definition is where a raw value belongs.
    if (file === TOKEN_FILE && property.startsWith('--')) continue;
    if (property === 'font-size') count(fontSizes, value.trim());
    for (const [hex] of value.matchAll(/#[0-9a-f]{3,8}\b/gi)) count(hexColours, hex.toLowerCase());
    for (const [colour] of value.matchAll(/\b(?:rgba?|hsla?)\([^)]*\)/g)) count(functionColours, colour);
    if (/^(padding|margin|gap|row-gap|column-gap)\b/.test(property)) {
      // A hairline (1px) is a border's width, not a step of the spacing scale.
      for (const [length] of value.matchAll(/-?\b\d*\.?\d+(?:rem|px)\b/g)) {
        if (!/^-?1px$/.test(length)) count(spacings, length);
      }
    }
  }
  for (const [query = ''] of css.matchAll(/@media[^{]+/g)) {
    for (const [, kind = '', value = '', unit = ''] of query.matchAll(
      /(min|max)-width:\s*([\d.]+)(px|r?em)/g,
    )) {
      count(breakpoints, boundary(kind, Number(value), unit));
    }
  }
}

const literalSizes = [...fontSizes.keys()].filter((value) => !value.includes('var('));
const total = (map: Map<unknown, number>) => [...map.values()].reduce((sum, n) => sum + n, 0);
const show = (map: Map<string | number, number>, keys = [...map.keys()]) =>
  list ? `\n    ${keys.map((key) => `${key} ×${map.get(key)}`).join(', ')}` : '';

console.log(`CSS files: ${files.length}, ${lines} lines`);
console.log(
  `font sizes: ${fontSizes.size} distinct values, ${literalSizes.length} of them not a token${show(fontSizes, literalSizes)}`,
);
console.log(
  `raw hex colours outside the tokens: ${hexColours.size} distinct, ${total(hexColours)} uses${show(hexColours)}`,
);
console.log(
  `raw rgb()/hsl() colours outside the tokens: ${functionColours.size} distinct, ${total(functionColours)} uses${show(functionColours)}`,
);
console.log(
  `spacing lengths (padding, margin, gap) not a token: ${spacings.size} distinct, ${total(spacings)} uses${show(spacings)}`,
);
const widths = [...breakpoints.keys()].sort((a, b) => a - b);
console.log(`breakpoints: ${widths.length} distinct (${widths.map((width) => `${width}px`).join(' ')})`);
for (const [style, names] of naming) {
  const shown =
    style === 'camelCase' && !list ? '' : `: ${names.map((name) => path.basename(name)).join(', ')}`;
  console.log(`file names ${style}: ${names.length}${shown}`);
}
