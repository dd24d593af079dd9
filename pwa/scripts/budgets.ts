// JavaScript budgets per route, checked on every build: the entry chunk plus everything the route's page
// imports statically, gzipped as it is served, plus what its prerendered page runs before the app (the
// network map's first frame). Code a page loads on demand (the 3D viewer, the map, the uploader) is not
// part of its first load, and the heavy libraries must stay in such on-demand chunks.
import { gzipSync } from 'node:zlib';
import { ROUTES } from '@printfarm/map/routeTable';
import type { Plugin } from 'vite';

const KB = 1024;
/** The landing page is what most first visits download. */
const LANDING_BUDGET = 100 * KB;
const PAGE_BUDGET = 170 * KB;
/**
 * Entries a prerendered page runs before its app, and the module whose markup makes the page run them:
 * the map's first frame, linked by scripts/build.ts where the offline map leaves a slot for it.
 */
const BEFORE_APP = [
  {
    entry: /\/src\/components\/map\/drawFirstFrame\.ts$/,
    ranBy: /\/src\/components\/map\/OfflineFarmMap\.tsx$/,
  },
];
/** Libraries that only the screens showing them may load, never a page's first load. */
const NOT_FOUND = ROUTES.find((route) => route.path === '*')?.page;
const ON_DEMAND_ONLY = [
  /node_modules\/three\//,
  /node_modules\/d3-geo\//,
  /node_modules\/us-atlas\//,
  /@uppy\//,
];

interface ChunkInfo {
  fileName: string;
  code: string;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

export interface RouteSize {
  page: string;
  paths: string[];
  bytes: number;
  budget: number;
  heavy: string[];
  /** Other pages' modules in this page's first load (each page must stay its own code). */
  borrowed: string[];
}

function staticClosure(start: ChunkInfo, chunks: Map<string, ChunkInfo>, into = new Set<ChunkInfo>()) {
  if (into.has(start)) return into;
  into.add(start);
  for (const name of start.imports) {
    const chunk = chunks.get(name);
    if (chunk) staticClosure(chunk, chunks, into);
  }
  return into;
}

export function measureRoutes(chunks: ChunkInfo[]): RouteSize[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find(
    (chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith('/src/main.tsx')),
  );
  if (!entry) throw new Error('The build has no entry chunk for src/main.tsx');
  const beforeApp = BEFORE_APP.map(({ entry: pattern, ranBy }) => {
    const chunk = chunks.find(
      (candidate) => candidate.isEntry && candidate.moduleIds.some((id) => pattern.test(id)),
    );
    if (!chunk) throw new Error(`The build has no entry for ${pattern}`);
    return { chunk, ranBy };
  });
  const gzipped = new Map<ChunkInfo, number>();
  const sizeOf = (chunk: ChunkInfo) => {
    let size = gzipped.get(chunk);
    if (size === undefined) {
      size = gzipSync(chunk.code, { level: 9 }).length;
      gzipped.set(chunk, size);
    }
    return size;
  };

  const pages = new Map<string, string[]>();
  for (const { path, page } of ROUTES) pages.set(page, [...(pages.get(page) ?? []), path]);
  return [...pages].map(([page, paths]) => {
    // Its own chunk, or the shared chunk the bundler put it in when other pages import it too.
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId?.endsWith(`/src/${page}`)) ??
      chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(`/src/${page}`)));
    if (!chunk) throw new Error(`No chunk for ${page}: is it still loaded lazily by App.tsx?`);
    const load = staticClosure(chunk, byFile, staticClosure(entry, byFile));
    for (const before of beforeApp) {
      if ([...load].some((part) => part.moduleIds.some((id) => before.ranBy.test(id)))) {
        staticClosure(before.chunk, byFile, load);
      }
    }
    const moduleIds = [...load].flatMap((part) => part.moduleIds);
    const heavy = moduleIds.filter((id) => ON_DEMAND_ONLY.some((pattern) => pattern.test(id)));
    // The 404 screen is also what a page shows for an unknown article or store, so pages may use it.
    const borrowed = [...pages.keys()].filter(
      (other) =>
        other !== page && other !== NOT_FOUND && moduleIds.some((id) => id.endsWith(`/src/${other}`)),
    );
    return {
      page,
      paths,
      bytes: [...load].reduce((sum, part) => sum + sizeOf(part), 0),
      budget: paths.includes('/') ? LANDING_BUDGET : PAGE_BUDGET,
      heavy: [...new Set(heavy.map((id) => id.replace(/.*node_modules\//, '').split('/')[0] ?? id))],
      borrowed,
    };
  });
}

function report(sizes: RouteSize[]): string {
  const rows = [...sizes].sort((a, b) => b.bytes - a.bytes);
  const width = Math.max(...rows.map((row) => row.paths.join(' ').length));
  const lines = rows.map((row) => {
    const verdict =
      row.bytes > row.budget
        ? 'OVER BUDGET'
        : row.heavy.length
          ? `loads ${row.heavy}`
          : row.borrowed.length
            ? `loads ${row.borrowed}`
            : 'ok';
    const kb = (row.bytes / KB).toFixed(1).padStart(6);
    // Bytes too: a page near its budget moves by tens of bytes a change.
    const bytes = row.bytes.toLocaleString('en-US').padStart(7);
    return `  ${row.paths.join(' ').padEnd(width)}  ${kb} KB gz = ${bytes} B  (budget ${row.budget / KB} KB)  ${verdict}`;
  });
  return ['JavaScript per route (first load, gzipped):', ...lines].join('\n');
}

/** Prints each route's first-load JavaScript and fails the build when one breaks its budget. */
export function routeBudgets(): Plugin {
  return {
    name: 'printfarm-route-budgets',
    // Development builds carry React's development code: budgets are about what ships.
    apply: (_config, { command, mode }) => command === 'build' && mode === 'production',
    generateBundle(_options, bundle) {
      if (this.environment?.config.consumer === 'server') return;
      const chunks: ChunkInfo[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          code: output.code,
          imports: output.imports,
          moduleIds: output.moduleIds,
          facadeModuleId: output.facadeModuleId,
          isEntry: output.isEntry,
        });
      }
      const sizes = measureRoutes(chunks);
      console.log(`\n${report(sizes)}\n`);
      const broken = sizes.filter(
        (row) => row.bytes > row.budget || row.heavy.length > 0 || row.borrowed.length > 0,
      );
      if (broken.length > 0) {
        this.error(
          `JavaScript budget broken: ${broken
            .map(
              (row) =>
                `${row.page} ${(row.bytes / KB).toFixed(1)} KB` +
                [...row.heavy, ...row.borrowed].map((part) => ` with ${part}`).join(''),
            )
            .join('; ')}`,
        );
      }
    },
  };
}
