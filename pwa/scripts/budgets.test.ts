// The budget check reads the bundle the way the build hands it over: chunks with their static imports
// and the modules in them. These bundles are made up, so each rule can be seen to bite.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '@printfarm/map/routeTable';
import { describe, expect, it } from 'vitest';
import { measureRoutes } from './budgets.ts';

const ROOT = '/app/pwa/src';
/** Code that gzip cannot shrink, so that sizes are predictable. */
const incompressible = (kb: number) => randomBytes(kb * 1024).toString('base64');

function bundle(overrides: Record<string, { kb?: number; imports?: string[]; modules?: string[] }> = {}) {
  const pages = [...new Set(ROUTES.map((route) => route.page))];
  const chunks = pages.map((page) => {
    const name = `${page}.js`;
    const extra = overrides[page] ?? {};
    return {
      fileName: name,
      code: incompressible(extra.kb ?? 1),
      imports: ['framework.js', ...(extra.imports ?? [])],
      moduleIds: [`${ROOT}/${page}`, ...(extra.modules ?? [])],
      facadeModuleId: `${ROOT}/${page}`,
      isEntry: false,
    };
  });
  const framework = {
    fileName: 'framework.js',
    code: incompressible(60),
    imports: [],
    moduleIds: ['/app/node_modules/react-dom/index.js'],
    facadeModuleId: null,
    isEntry: false,
  };
  const entry = {
    fileName: 'index.js',
    code: incompressible(5),
    imports: ['framework.js'],
    moduleIds: [`${ROOT}/main.tsx`],
    facadeModuleId: `${ROOT}/main.tsx`,
    isEntry: true,
  };
  const viewer = {
    fileName: 'viewer.js',
    code: incompressible(150),
    imports: [],
    moduleIds: ['/app/node_modules/three/build/three.module.js'],
    facadeModuleId: null,
    isEntry: false,
  };
  const firstFrame = {
    fileName: 'drawFirstFrame.js',
    code: incompressible(10),
    imports: [],
    moduleIds: [`${ROOT}/components/map/drawFirstFrame.ts`],
    facadeModuleId: `${ROOT}/components/map/drawFirstFrame.ts`,
    isEntry: true,
  };
  return [firstFrame, entry, framework, viewer, ...chunks];
}

const row = (sizes: ReturnType<typeof measureRoutes>, page: string) => {
  const found = sizes.find((size) => size.page === page);
  if (!found) throw new Error(`no row for ${page}`);
  return found;
};

describe('route budgets', () => {
  it('counts the entry, the shared chunks and the page, each once, and leaves lazy chunks out', () => {
    const chunks = bundle();
    const sizes = measureRoutes(chunks);
    const home = row(sizes, 'pages/home/HomePage.tsx');
    expect(home.paths).toEqual(['/']);
    expect(home.budget).toBe(100 * 1024);
    const gz = (fileName: string) =>
      gzipSync(chunks.find((chunk) => chunk.fileName === fileName)?.code ?? '', { level: 9 }).length;
    expect(home.bytes).toBe(gz('index.js') + gz('framework.js') + gz('pages/home/HomePage.tsx.js'));
    expect(home.heavy).toEqual([]);
    expect(row(sizes, 'pages/request/RequestPage.tsx').budget).toBe(170 * 1024);
  });

  it("counts the map's first frame, which the network page runs before its app, on that page alone", () => {
    const chunks = bundle({
      'pages/network/PrintFarmNetworkPage.tsx': { modules: [`${ROOT}/components/map/OfflineFarmMap.tsx`] },
    });
    const sizes = measureRoutes(chunks);
    const gz = (fileName: string) =>
      gzipSync(chunks.find((chunk) => chunk.fileName === fileName)?.code ?? '', { level: 9 }).length;
    const network = row(sizes, 'pages/network/PrintFarmNetworkPage.tsx');
    const home = row(sizes, 'pages/home/HomePage.tsx');
    expect(network.bytes).toBe(
      gz('index.js') +
        gz('framework.js') +
        gz('pages/network/PrintFarmNetworkPage.tsx.js') +
        gz('drawFirstFrame.js'),
    );
    expect(home.bytes).toBe(gz('index.js') + gz('framework.js') + gz('pages/home/HomePage.tsx.js'));
  });

  it('finds a landing page over 100 KB', () => {
    const home = row(
      measureRoutes(bundle({ 'pages/home/HomePage.tsx': { kb: 40 } })),
      'pages/home/HomePage.tsx',
    );
    expect(home.bytes).toBeGreaterThan(home.budget);
  });

  it('finds three.js in a page first load, and another page in it', () => {
    const sizes = measureRoutes(
      bundle({
        'pages/dashboard/DashboardPage.tsx': { imports: ['viewer.js'] },
        'pages/blog/BlogPage.tsx': { modules: [`${ROOT}/pages/store/StorePage.tsx`] },
      }),
    );
    expect(row(sizes, 'pages/dashboard/DashboardPage.tsx').heavy).toEqual(['three']);
    expect(row(sizes, 'pages/blog/BlogPage.tsx').borrowed).toEqual(['pages/store/StorePage.tsx']);
    expect(row(sizes, 'pages/home/HomePage.tsx').borrowed).toEqual([]);
  });
});
