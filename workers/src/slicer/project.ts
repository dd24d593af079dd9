// A PrusaSlicer project (3MF) of a model with the same settings it is sliced with, for an operator to
// open in PrusaSlicer, OrcaSlicer or Bambu Studio. PrusaSlicer 2.5's --export-3mf writes the model but
// not the settings, so they are saved beside it (--save) and put in the project where PrusaSlicer reads
// them: Metadata/Slic3r_PE.config, each line of the ini behind "; ".
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SLICE_PROFILE_KEYS } from '@printfarm/domain/printSettings';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { sliceFailure } from './failure.ts';
import { detectSlicer, inWorkDir, runSlicer, type SlicerSettings, settingsArguments } from './slice.ts';

export type ProjectResult = { ok: true; project: Uint8Array } | { ok: false; reason: string };

const SETTINGS_ENTRY = 'Metadata/Slic3r_PE.config';

export async function exportProject(request: SlicerSettings & { modelPath: string }): Promise<ProjectResult> {
  if (!SLICE_PROFILE_KEYS.includes(request.profileKey)) {
    return { ok: false, reason: `Unknown print profile ${request.profileKey}` };
  }
  const slicer = await detectSlicer(request.slicerPath);
  if (!slicer.available) return { ok: false, reason: slicer.reason };
  const modelPath = path.resolve(request.modelPath);
  return inWorkDir(async (workDir) => {
    const projectPath = path.join(workDir, 'project.3mf');
    const settingsPath = path.join(workDir, 'settings.ini');
    const args = [
      '--export-3mf',
      ...settingsArguments(request),
      '--save',
      settingsPath,
      '--output',
      projectPath,
      modelPath,
    ];
    const outcome = await runSlicer(request, args, workDir);
    if (outcome.kind !== 'exited' || outcome.code !== 0) {
      return { ok: false, reason: sliceFailure(outcome, request.timeoutMs, modelPath) };
    }
    const [project, settings] = await Promise.all([
      readFile(projectPath),
      readFile(settingsPath, 'utf8'),
    ]).catch(() => [null, null] as const);
    if (!project || settings === null) return { ok: false, reason: 'The slicer wrote no 3MF project' };
    return { ok: true, project: withSettings(project, settings) };
  });
}

/** The project with the settings inside, unless the slicer already put them there. */
function withSettings(project: Uint8Array, settings: string): Uint8Array {
  const entries = unzipSync(project);
  if (entries[SETTINGS_ENTRY]) return project;
  const commented = settings
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (line.startsWith('#') ? `; ${line.slice(1).trim()}` : `; ${line}`))
    .join('\n');
  return zipSync({ ...entries, [SETTINGS_ENTRY]: strToU8(`${commented}\n`) });
}
