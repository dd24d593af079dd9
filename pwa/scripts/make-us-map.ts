// Draws the offline map's state shapes once (see src/components/map/usMapPaths.ts) and writes them to
// src/components/map/: us-map.json in full, which the live map fetches as a hashed asset, and
// us-map-outline.json, simplified to what the whole-US view can show, with which the network page draws
// its map's first frame (drawFirstFrame.ts).
// Run after changing the projection or the us-atlas version: node pwa/scripts/make-us-map.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { OUTLINE_TOLERANCE, simplifiedTopology, usMapPaths } from '../src/components/map/usMapPaths.ts';

const require = createRequire(import.meta.url);
const atlas = JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8'));
const write = (name: string, paths: unknown) => {
  const target = fileURLToPath(new URL(`../src/components/map/${name}`, import.meta.url));
  writeFileSync(target, `${JSON.stringify(paths)}\n`);
  console.log(`wrote ${target}`);
};
write('us-map.json', usMapPaths(atlas));
write('us-map-outline.json', usMapPaths(simplifiedTopology(atlas, OUTLINE_TOLERANCE)));
