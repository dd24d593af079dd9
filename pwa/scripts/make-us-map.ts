// Draws the offline map's state shapes once (see src/components/map/usMapPaths.ts) and writes them to
// src/components/map/us-map.json, which the page fetches as a hashed asset.
// Run after changing the projection or the us-atlas version: node pwa/scripts/make-us-map.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { usMapPaths } from '../src/components/map/usMapPaths.ts';

const require = createRequire(import.meta.url);
const atlas = JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8'));
const target = fileURLToPath(new URL('../src/components/map/us-map.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(usMapPaths(atlas))}\n`);
console.log(`wrote ${target}`);
