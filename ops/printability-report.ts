// Runs the analysis, the inspection and the printability findings over a folder of model files, as the
// product would for an FDM request, and prints one line per file and the findings counted by kind:
//   node ops/printability-report.ts <folder> [more folders] [--units mm|cm|in|m]
// The farms are a typical network: many 256 mm printers, a few 360 mm large-format ones, some resin.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chooseOrientation } from '@printfarm/domain/orientation';
import { type NetworkPrinter, printabilityFindings, unitEvidence } from '@printfarm/domain/printability';
import { isUnits, suggestUnits } from '@printfarm/domain/units';
import { analyzeModel } from '../workers/src/geometry/analyze.ts';
import { inspectModel } from '../workers/src/geometry/inspect/inspect.ts';
import { localFile } from '../workers/src/storage/uploads.ts';

const NETWORK: NetworkPrinter[] = [
  { technology: 'FFF/FDM', size: { x: 256, y: 256, z: 256 }, farms: 40 },
  { technology: 'FFF/FDM', size: { x: 360, y: 360, z: 360 }, farms: 2 },
  { technology: 'SLA/Resin', size: { x: 145, y: 145, z: 185 }, farms: 5 },
];

const args = process.argv.slice(2);
const unitsAt = args.indexOf('--units');
const units = unitsAt === -1 ? 'mm' : args[unitsAt + 1];
if (!isUnits(units)) throw new Error('--units is one of mm, cm, in, m');
const folders = unitsAt === -1 ? args : args.filter((_, i) => i !== unitsAt && i !== unitsAt + 1);
if (folders.length === 0) throw new Error('usage: node ops/printability-report.ts <folder> [--units mm]');

const counts = new Map<string, number>();
for (const folder of folders) {
  for (const name of readdirSync(folder).sort()) {
    const file = path.join(folder, name);
    if (!statSync(file).isFile()) continue;
    const upload = localFile(file, statSync(file).size);
    const started = performance.now();
    const outcome = await analyzeModel(upload, name);
    if (outcome.status !== 'ready') {
      console.log(`${name}: rejected, ${outcome.reason}`);
      continue;
    }
    const { analysis } = outcome;
    const inspection = await inspectModel(upload, name);
    const ms = Math.round(performance.now() - started);
    const findings = printabilityFindings({
      fileName: name,
      units,
      technology: 'FFF/FDM',
      metrics: analysis,
      inspection,
      network: NETWORK,
      unprintableReason: null,
    });
    for (const finding of findings) {
      const kind = `${finding.code} (${finding.severity})`;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    const suggestion = suggestUnits(analysis.bbox, units, unitEvidence(analysis.volumeCm3, inspection));
    const box = analysis.bbox
      ? `${analysis.bbox.x.toPrecision(3)} × ${analysis.bbox.y.toPrecision(3)} × ${analysis.bbox.z.toPrecision(3)}`
      : '—';
    console.log(
      `${name}: ${box} ${units}, ${ms} ms, prints ${chooseOrientation(inspection, units)?.key ?? 'as uploaded'}` +
        `${suggestion ? `, unit suggested: ${suggestion}` : ''} | ${findings.map((f) => `${f.code}:${f.severity}`).join(', ') || 'no findings'}`,
    );
  }
}
console.table(Object.fromEntries([...counts].sort()));
