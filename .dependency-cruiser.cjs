// The layering, checked by `npm run lint` and by the test suite (tests/unit/layering.test.ts):
//
//     domain  ←  db, mail, map  ←  api, workers  ←  pwa (types only, from api/src/views)
//     ops and tests sit on top, and nothing imports them
//
// An arrow points from what is imported to what imports it. Test files (*.test.ts) beside the code sit
// on top too: they may import anything. No file takes part in a circle. Inside the PWA, the data layer
// (pwa/src/api) imports no screen or component.
const TEST = '\\.test\\.tsx?$';

/** A rule that `from` (a workspace, its tests aside) imports nothing under `to`. */
function layer(name, from, to, comment) {
  return { name, comment, severity: 'error', from: { path: from, pathNot: TEST }, to: { path: to } };
}

module.exports = {
  forbidden: [
    layer(
      'domain-is-pure',
      '^domain/',
      '^(db|mail|map|api|workers|pwa|ops|tests)/',
      'domain/ has no I/O and imports no other workspace',
    ),
    layer('db-on-domain', '^db/', '^(mail|map|api|workers|pwa|ops|tests)/', 'db/ builds on domain/ alone'),
    layer(
      'mail-on-domain',
      '^mail/',
      '^(db|map|api|workers|pwa|ops|tests)/',
      'mail/ builds on domain/ alone',
    ),
    layer('map-on-domain', '^map/', '^(db|mail|api|workers|pwa|ops|tests)/', 'map/ builds on domain/ alone'),
    layer(
      'api-below-pwa',
      '^api/',
      '^(workers|pwa|ops|tests)/',
      'api/ imports domain, db, mail and map; never the PWA, the workers, ops or tests',
    ),
    layer(
      'workers-below-pwa',
      '^workers/',
      '^(api|pwa|ops|tests)/',
      'workers/ imports domain, db, mail and map; never the API, the PWA, ops or tests',
    ),
    layer(
      'pwa-on-views',
      '^pwa/',
      '^(db|mail|workers|ops|tests)/|^api/(?!src/views/)',
      'the PWA reads the API only through api/src/views',
    ),
    layer(
      'services-below-presenters',
      '^api/src/services/',
      '^api/src/presenters/',
      "a service reads and writes rows; what the caller sees is the presenters' business, never the other way",
    ),
    {
      name: 'pwa-views-types-only',
      comment: 'api/src/views is a contract of types: the PWA never bundles API code',
      severity: 'error',
      from: { path: '^pwa/', pathNot: TEST },
      to: { path: '^api/src/views/', dependencyTypesNot: ['type-only'] },
    },
    layer(
      'data-layer-shows-no-ui',
      '^pwa/src/api/',
      '^pwa/src/(components|pages)/',
      "the PWA's data layer returns errors; pages decide how to show them",
    ),
    layer(
      'ops-not-on-tests',
      '^ops/',
      '^tests/',
      'benchmarks and scripts take their fixtures from ops/ or a package',
    ),
    {
      name: 'nothing-imports-ops-or-tests',
      comment: 'ops/ and tests/ sit on top: no workspace imports them',
      severity: 'error',
      from: { path: '^(domain|db|mail|map|api|workers|pwa)/', pathNot: TEST },
      to: { path: '^(ops|tests)/' },
    },
    {
      name: 'no-circle',
      comment: 'every arrow points one way: no file takes part in a circle',
      severity: 'error',
      from: { pathNot: TEST },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dev-dist|generated)/|^pwa/dist' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
