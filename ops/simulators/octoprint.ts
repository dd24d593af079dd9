// An OctoPrint server as its REST API documents it (docs.octoprint.org: "Job operations", "File
// operations", "Printer operations"), for the endpoints a print queue uses. A finished or cancelled
// print leaves OctoPrint "Operational" with the file still selected; a failure reads "Error".
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as v from 'valibot';
import { type Simulator, type SimulatorOptions, simulatorControls } from './handle.ts';
import { formFile, readForm, readJsonBody, sendJson } from './http.ts';
import { listener } from './listener.ts';
import { PrinterRefusal, type PrintSnapshot, SimulatedPrinter } from './simulatedPrinter.ts';

export interface OctoPrintOptions extends SimulatorOptions {
  apiKey?: string;
}

const jobCommand = v.object({ command: v.picklist(['start', 'cancel']) });

function stateText(print: PrintSnapshot): string {
  if (print.state === 'printing') return 'Printing';
  if (print.state === 'failed') return 'Error';
  return 'Operational';
}

function jobView(print: PrintSnapshot) {
  return {
    job: {
      file: { name: print.fileName, path: print.fileName, origin: print.fileName ? 'local' : null },
      estimatedPrintTime: print.fileName ? print.durationMs / 1000 : null,
    },
    progress: {
      completion: print.fileName ? print.progress * 100 : null,
      printTime: print.fileName ? Math.round(print.elapsedMs / 1000) : null,
      printTimeLeft: print.fileName ? Math.round((print.durationMs - print.elapsedMs) / 1000) : null,
    },
    state: stateText(print),
    ...(print.state === 'failed' ? { error: print.message } : {}),
  };
}

export async function startOctoPrint(options: OctoPrintOptions = {}): Promise<Simulator> {
  const apiKey = options.apiKey ?? 'simulated-octoprint-key';
  const printer = new SimulatedPrinter(options.speed ?? 1);

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.headers['x-api-key'] !== apiKey) return sendJson(response, 403, { error: 'Invalid API key' });
    const path = new URL(request.url ?? '/', 'http://simulator').pathname;
    const print = printer.snapshot();
    if (request.method === 'GET' && path === '/api/job') return sendJson(response, 200, jobView(print));
    if (request.method === 'GET' && path === '/api/printer') {
      if (print.state === 'failed') return sendJson(response, 409, { error: 'Printer is not operational' });
      const flags = {
        operational: true,
        printing: print.state === 'printing',
        paused: false,
        ready: print.state !== 'printing',
      };
      return sendJson(response, 200, { state: { text: stateText(print), flags } });
    }
    if (request.method === 'POST' && path === '/api/files/local') {
      const form = await readForm(request);
      const file = await formFile(form);
      if (!file) return sendJson(response, 400, { error: 'No file included' });
      printer.store(file.name, file.bytes);
      if (form.get('print') === 'true') printer.start(file.name);
      return sendJson(response, 201, { done: true, files: { local: { name: file.name, origin: 'local' } } });
    }
    if (request.method === 'POST' && path === '/api/job') {
      const command = v.safeParse(jobCommand, await readJsonBody(request));
      if (!command.success) return sendJson(response, 400, { error: 'Unknown command' });
      if (command.output.command === 'cancel') printer.cancel();
      else if (print.fileName) printer.start(print.fileName);
      else return sendJson(response, 409, { error: 'No file selected' });
      response.writeHead(204).end();
      return;
    }
    sendJson(response, 404, { error: 'Not found' });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const refused = error instanceof PrinterRefusal;
      sendJson(response, refused ? 409 : 500, {
        error: error instanceof Error ? error.message : String(error),
      });
    });
  });
  const http = listener(server, options.port);
  await http.open();
  return {
    kind: 'octoprint',
    config: { kind: 'octoprint', baseUrl: `http://127.0.0.1:${http.port}`, apiKey },
    ...simulatorControls(printer, [http]),
  };
}
