// The layering of .dependency-cruiser.cjs holds on the whole tree, and its rules catch what they are
// there to catch: each wrong import below, in a small tree of its own, is reported by its rule.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../ops/lib/prepare.ts';

const config = createRequire(import.meta.url)(
  path.join(repoRoot, '.dependency-cruiser.cjs'),
) as IConfiguration;
const WORKSPACES = ['domain', 'db', 'mail', 'map', 'api', 'workers', 'pwa', 'ops', 'tests'];

async function violations(baseDir: string, roots: string[], options = config.options ?? {}) {
  const result = await cruise(roots, {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

describe('the layering', () => {
  it('holds on the whole tree', async () => {
    expect(await violations(repoRoot, WORKSPACES)).toEqual([]);
  }, 60_000);

  const probe = mkdtempSync(path.join(tmpdir(), 'layering-'));
  afterAll(() => rmSync(probe, { recursive: true, force: true }));

  /** Writes the probe's files: path → its imports. */
  function tree(files: Record<string, string[]>) {
    for (const [file, imports] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(probe, file)), { recursive: true });
      const lines = imports.map((spec, i) =>
        spec.startsWith('type:')
          ? `import type { T${i} } from '${spec.slice(5)}';`
          : `import { v${i} } from '${spec}';`,
      );
      writeFileSync(
        path.join(probe, file),
        `${lines.join('\n')}\nexport const v = 1;\nexport type T = number;\n`,
      );
    }
  }

  it('reports each wrong import by its rule', async () => {
    tree({
      'domain/src/a.ts': ['../../db/src/b.ts'],
      'db/src/b.ts': [],
      'mail/src/c.ts': ['../../map/src/d.ts'],
      'map/src/d.ts': ['../../pwa/src/e.ts'],
      'pwa/src/e.ts': ['type:../../api/src/services/f.ts', 'type:../../api/src/views/index.ts'],
      'pwa/src/g.ts': ['../../api/src/views/index.ts'],
      'api/src/services/f.ts': ['../../../workers/src/h.ts'],
      'api/src/views/index.ts': [],
      'workers/src/h.ts': ['../../tests/support/i.ts'],
      'tests/support/i.ts': [],
      'pwa/src/api/n.ts': ['../components/o.tsx'],
      'pwa/src/components/o.tsx': [],
      'ops/bench/j.ts': ['../../tests/support/i.ts'],
      'api/src/services/p.ts': ['type:../presenters/q.ts'],
      'api/src/presenters/q.ts': ['type:../services/r.ts'],
      'api/src/services/r.ts': [],
      'api/src/k.ts': ['./l.ts'],
      'api/src/l.ts': ['./k.ts'],
      // Tests beside the code and on top may import anything.
      'api/src/k.test.ts': ['../../pwa/src/e.ts', '../../tests/support/i.ts'],
      'tests/e2e/m.test.ts': ['../../ops/bench/j.ts', '../../pwa/src/e.ts'],
    });
    const found = await violations(probe, WORKSPACES, { ...config.options, tsConfig: undefined });
    expect(found.toSorted()).toEqual(
      [
        'domain-is-pure: domain/src/a.ts → db/src/b.ts',
        'mail-on-domain: mail/src/c.ts → map/src/d.ts',
        'map-on-domain: map/src/d.ts → pwa/src/e.ts',
        'pwa-on-views: pwa/src/e.ts → api/src/services/f.ts',
        'pwa-views-types-only: pwa/src/g.ts → api/src/views/index.ts',
        'api-below-pwa: api/src/services/f.ts → workers/src/h.ts',
        'workers-below-pwa: workers/src/h.ts → tests/support/i.ts',
        'nothing-imports-ops-or-tests: workers/src/h.ts → tests/support/i.ts',
        'ops-not-on-tests: ops/bench/j.ts → tests/support/i.ts',
        'no-circle: api/src/k.ts → api/src/l.ts',
        'services-below-presenters: api/src/services/p.ts → api/src/presenters/q.ts',
        'data-layer-shows-no-ui: pwa/src/api/n.ts → pwa/src/components/o.tsx',
      ].toSorted(),
    );
  }, 60_000);
});
