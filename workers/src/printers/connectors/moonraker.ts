// Moonraker's HTTP API for Klipper (moonraker.readthedocs.io, "Printer Administration", "File
// Manager"): JSON-RPC methods over HTTP, answers wrapped in {"result": …}, X-Api-Key when the
// instance asks for one. print_stats says what Klipper does; virtual_sdcard how far it is.
import * as v from 'valibot';
import { connectorOf } from './dispatchOnce.ts';
import { PrinterUnreachableError } from './errors.ts';
import { gcodeForm, printerHttp, readJson } from './http.ts';
import type { ConnectorConfig, PrinterActivity, PrinterConnector, PrinterStatus } from './types.ts';

const PRODUCT = 'Moonraker';

const ACTIVITY: Record<string, PrinterActivity> = {
  standby: 'idle',
  printing: 'printing',
  paused: 'paused',
  complete: 'finished',
  cancelled: 'cancelled',
  error: 'failed',
};

const queryAnswer = v.object({
  result: v.object({
    status: v.object({
      print_stats: v.object({
        state: v.picklist(Object.keys(ACTIVITY)),
        filename: v.nullish(v.string()),
        message: v.nullish(v.string()),
      }),
      virtual_sdcard: v.object({ progress: v.pipe(v.number(), v.minValue(0), v.maxValue(1)) }),
    }),
  }),
});

const okAnswer = v.object({ result: v.literal('ok') });

export function moonrakerConnector(
  config: Extract<ConnectorConfig, { kind: 'moonraker' }>,
): PrinterConnector {
  const http = printerHttp(PRODUCT, config.baseUrl, config.apiKey ? { 'X-Api-Key': config.apiKey } : {});

  async function status(signal?: AbortSignal): Promise<PrinterStatus> {
    try {
      const response = await http.call('/printer/objects/query?print_stats&virtual_sdcard', {}, signal);
      const { print_stats, virtual_sdcard } = (await readJson(PRODUCT, response, queryAnswer)).result.status;
      const activity = ACTIVITY[print_stats.state] ?? 'failed';
      return {
        activity,
        fileName: print_stats.filename || null,
        progress: activity === 'finished' ? 1 : virtual_sdcard.progress,
        message: print_stats.message || null,
      };
    } catch (error) {
      if (error instanceof PrinterUnreachableError) {
        return { activity: 'offline', fileName: null, progress: 0, message: error.message };
      }
      throw error;
    }
  }

  async function post(path: string, signal?: AbortSignal): Promise<void> {
    await readJson(PRODUCT, await http.call(path, { method: 'POST' }, signal), okAnswer);
  }

  return connectorOf({
    kind: 'moonraker',
    status,
    async start(fileName, gcode, signal) {
      const form = gcodeForm(fileName, gcode, { root: 'gcodes' });
      await http.call('/server/files/upload', { method: 'POST', body: form }, signal);
      await post(`/printer/print/start?filename=${encodeURIComponent(fileName)}`, signal);
    },
    stop: (signal) => post('/printer/print/cancel', signal),
    async close() {},
  });
}
