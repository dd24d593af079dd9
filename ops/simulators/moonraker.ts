// A Moonraker server in front of a simulated Klipper (moonraker.readthedocs.io: "Printer
// Administration", "File Manager"), for the endpoints a print queue uses: answers wrapped in
// {"result": …}, errors as {"error": {"code", "message"}}, X-Api-Key checked when one is set.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Simulator, type SimulatorOptions, simulatorControls } from './handle.ts';
import { formFile, readForm, sendJson } from './http.ts';
import { listener } from './listener.ts';
import { PrinterRefusal, type PrintSnapshot, SimulatedPrinter } from './simulatedPrinter.ts';

export interface MoonrakerOptions extends SimulatorOptions {
  /** Without one, the instance is open to the local network, as Moonraker's trusted_clients allow. */
  apiKey?: string;
}

const PRINT_STATS_STATE = {
  idle: 'standby',
  printing: 'printing',
  finished: 'complete',
  failed: 'error',
  cancelled: 'cancelled',
} as const;

function statusView(print: PrintSnapshot) {
  return {
    print_stats: {
      filename: print.fileName ?? '',
      state: PRINT_STATS_STATE[print.state],
      message: print.message ?? '',
      print_duration: print.elapsedMs / 1000,
    },
    virtual_sdcard: { progress: print.progress, is_active: print.state === 'printing' },
  };
}

function sendError(response: ServerResponse, code: number, message: string): void {
  sendJson(response, code, { error: { code, message } });
}

export async function startMoonraker(options: MoonrakerOptions = {}): Promise<Simulator> {
  const printer = new SimulatedPrinter(options.speed ?? 1);

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (options.apiKey && request.headers['x-api-key'] !== options.apiKey)
      return sendError(response, 401, 'Unauthorized');
    const url = new URL(request.url ?? '/', 'http://simulator');
    if (request.method === 'GET' && url.pathname === '/printer/objects/query') {
      const status = Object.fromEntries(
        Object.entries(statusView(printer.snapshot())).filter(([object]) => url.searchParams.has(object)),
      );
      return sendJson(response, 200, { result: { eventtime: performance.now() / 1000, status } });
    }
    if (request.method === 'POST' && url.pathname === '/server/files/upload') {
      const form = await readForm(request);
      const file = await formFile(form);
      if (!file) return sendError(response, 400, 'No file part in request');
      if ((form.get('root') ?? 'gcodes') !== 'gcodes')
        return sendError(response, 400, 'Only the gcodes root is simulated');
      printer.store(file.name, file.bytes);
      const printStarted = form.get('print') === 'true';
      if (printStarted) printer.start(file.name);
      const item = { path: file.name, root: 'gcodes' };
      return sendJson(response, 201, {
        result: { item, print_started: printStarted, print_queued: false, action: 'create_file' },
      });
    }
    if (request.method === 'POST' && url.pathname === '/printer/print/start') {
      printer.start(url.searchParams.get('filename') ?? '');
      return sendJson(response, 200, { result: 'ok' });
    }
    if (request.method === 'POST' && url.pathname === '/printer/print/cancel') {
      printer.cancel();
      return sendJson(response, 200, { result: 'ok' });
    }
    sendError(response, 404, 'Not Found');
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      sendError(response, error instanceof PrinterRefusal ? 400 : 500, message);
    });
  });
  const http = listener(server, options.port);
  await http.open();
  const baseUrl = `http://127.0.0.1:${http.port}`;
  return {
    kind: 'moonraker',
    config: options.apiKey
      ? { kind: 'moonraker', baseUrl, apiKey: options.apiKey }
      : { kind: 'moonraker', baseUrl },
    ...simulatorControls(printer, [http]),
  };
}
