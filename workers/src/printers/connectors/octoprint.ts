// OctoPrint's REST API (docs.octoprint.org, "REST API": Job operations, File operations), with the
// key in the X-Api-Key header. OctoPrint keeps no "cancelled" or "finished" state: after a print it is
// "Operational" with the last file still selected, so a selected file at 100 % reads as finished and
// anything short of that as idle.
import * as v from 'valibot';
import { connectorOf } from './dispatchOnce.ts';
import { PrinterUnreachableError } from './errors.ts';
import { gcodeForm, printerHttp, readJson } from './http.ts';
import type { ConnectorConfig, PrinterActivity, PrinterConnector, PrinterStatus } from './types.ts';

const PRODUCT = 'OctoPrint';

const jobAnswer = v.object({
  state: v.string(),
  job: v.object({ file: v.object({ name: v.nullish(v.string()) }) }),
  progress: v.object({ completion: v.nullish(v.pipe(v.number(), v.minValue(0), v.maxValue(100))) }),
  error: v.nullish(v.string()),
});

/** OctoPrint's state texts ("Printing from SD", "Offline after error"…) by the word they start with. */
function activityOf(state: string, completion: number): PrinterActivity {
  if (state.startsWith('Offline after error') || state.startsWith('Error')) return 'failed';
  if (state.startsWith('Offline') || state.startsWith('Opening') || state.startsWith('Connecting'))
    return 'offline';
  if (state.startsWith('Paus')) return 'paused';
  if (state.startsWith('Cancelling')) return 'cancelled';
  if (state.startsWith('Printing') || state.startsWith('Resuming') || state.startsWith('Finishing'))
    return 'printing';
  if (state.startsWith('Sending file to SD') || state.startsWith('Starting')) return 'printing';
  return completion >= 100 ? 'finished' : 'idle';
}

export function octoprintConnector(
  config: Extract<ConnectorConfig, { kind: 'octoprint' }>,
): PrinterConnector {
  const http = printerHttp(PRODUCT, config.baseUrl, { 'X-Api-Key': config.apiKey });

  async function status(signal?: AbortSignal): Promise<PrinterStatus> {
    try {
      const answer = await readJson(PRODUCT, await http.call('/api/job', {}, signal), jobAnswer);
      const completion = answer.progress.completion ?? 0;
      const activity = activityOf(answer.state, completion);
      return {
        activity,
        fileName: answer.job.file.name ?? null,
        progress: completion / 100,
        message: activity === 'failed' || activity === 'offline' ? (answer.error ?? answer.state) : null,
      };
    } catch (error) {
      if (error instanceof PrinterUnreachableError) {
        return { activity: 'offline', fileName: null, progress: 0, message: error.message };
      }
      throw error;
    }
  }

  return connectorOf({
    kind: 'octoprint',
    status,
    async start(fileName, gcode, signal) {
      // One request uploads, selects and starts: there is no moment where the file waits unstarted.
      const form = gcodeForm(fileName, gcode, { select: 'true', print: 'true' });
      await http.call('/api/files/local', { method: 'POST', body: form }, signal);
    },
    async stop(signal) {
      // 409: the print ended between the two calls, which is what cancel wanted.
      await http.call(
        '/api/job',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ command: 'cancel' }),
          accept: [409],
        },
        signal,
      );
    },
    async close() {},
  });
}
