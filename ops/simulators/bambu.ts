// A Bambu Lab printer in LAN mode, as OpenBambuAPI documents it (mqtt.md, ftp.md): its own MQTT
// broker on TLS (user bblp, the access code as password) where it publishes reports on
// device/{serial}/report and takes commands on device/{serial}/request, and an implicit-FTPS server
// for its SD card. Reports are full "push_status" messages, on request ("pushall"), on every change
// and every second while printing. A stop leaves FAILED with HMS code 0300-400C ("The task was
// canceled."); a failure leaves FAILED with SIMULATED_FAILURE, a code of this simulator's own.
import { randomBytes } from 'node:crypto';
import { generate } from 'selfsigned';
import * as v from 'valibot';
import { CANCELLED_PRINT_ERROR } from '../../workers/src/printers/connectors/bambuReport.ts';
import { bambuBroker } from './bambuBroker.ts';
import { implicitFtpsServer } from './ftpsServer.ts';
import { type Simulator, type SimulatorOptions, simulatorControls } from './handle.ts';
import { listener } from './listener.ts';
import { PrinterRefusal, type PrintSnapshot, SimulatedPrinter } from './simulatedPrinter.ts';

export const SIMULATED_FAILURE = 0x0c00_8001;
const REPORT_EVERY_MS = 1_000;

export interface BambuOptions extends SimulatorOptions {
  serial?: string;
  accessCode?: string;
  /** The MQTT port; `port` is taken when this is not given. */
  mqttPort?: number;
  ftpsPort?: number;
}

export interface BambuSimulator extends Simulator {
  /** Restarts the MQTT broker alone: clients are cut off and reconnect; the print carries on. */
  restartBroker(): Promise<void>;
}

const GCODE_STATE = {
  idle: 'IDLE',
  printing: 'RUNNING',
  finished: 'FINISH',
  failed: 'FAILED',
  cancelled: 'FAILED',
};

const command = v.object({
  command: v.string(),
  sequence_id: v.optional(v.union([v.string(), v.number()])),
  param: v.optional(v.string()),
  url: v.optional(v.string()),
});
const request = v.object({ pushing: v.optional(command), print: v.optional(command) });

function reportOf(print: PrintSnapshot, sequenceId: string) {
  const errors = { failed: SIMULATED_FAILURE, cancelled: CANCELLED_PRINT_ERROR };
  return {
    print: {
      command: 'push_status',
      msg: 0,
      sequence_id: sequenceId,
      gcode_state: GCODE_STATE[print.state],
      mc_percent: Math.floor(print.progress * 100),
      mc_remaining_time: Math.ceil((print.durationMs - print.elapsedMs) / 60_000),
      gcode_file: print.fileName ?? '',
      subtask_name: print.fileName?.replace(/\.gcode$/, '') ?? '',
      print_error: print.state === 'failed' || print.state === 'cancelled' ? errors[print.state] : 0,
    },
  };
}

/** The file a start command names: `param` for gcode_file, `url` (file:///sdcard/…) for project_file. */
function startedFile(print: v.InferOutput<typeof command>): string {
  const path = print.command === 'project_file' ? (print.url ?? '') : (print.param ?? print.url ?? '');
  return path.replace(/^.*\//, '');
}

export async function startBambu(options: BambuOptions = {}): Promise<BambuSimulator> {
  const serial = options.serial ?? `01S00C${randomBytes(4).toString('hex').toUpperCase()}`;
  const accessCode = options.accessCode ?? String(10_000_000 + (randomBytes(4).readUInt32BE() % 90_000_000));
  const printer = new SimulatedPrinter(options.speed ?? 1);
  // A printer's certificate names its serial and outlives restarts.
  const pems = await generate([{ name: 'commonName', value: serial }], { keySize: 2048 });
  const reportTopic = `device/${serial}/report`;

  function onRequest(payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const parsed = v.safeParse(request, body);
    if (!parsed.success) return;
    const { pushing, print } = parsed.output;
    if (pushing?.command === 'pushall') publishReport(String(pushing.sequence_id ?? '0'));
    else if (print?.command === 'stop') {
      if (printer.snapshot().state === 'printing') printer.cancel();
    } else if (print?.command === 'gcode_file' || print?.command === 'project_file') {
      try {
        printer.start(startedFile(print));
      } catch (error) {
        if (!(error instanceof PrinterRefusal)) throw error;
        const answer = {
          command: print.command,
          sequence_id: print.sequence_id,
          result: 'fail',
          reason: error.message,
        };
        broker.publish(reportTopic, { print: answer });
      }
    }
  }

  const broker = bambuBroker({
    key: pems.private,
    cert: pems.cert,
    accessCode,
    port: options.mqttPort ?? options.port,
    requestTopic: `device/${serial}/request`,
    onRequest,
  });
  const ftps = listener(
    implicitFtpsServer({
      key: pems.private,
      cert: pems.cert,
      user: 'bblp',
      password: accessCode,
      store: (fileName, bytes) => printer.store(fileName, bytes),
    }),
    options.ftpsPort,
  );

  let reported = '';
  function publishReport(sequenceId = '0'): void {
    const print = printer.snapshot();
    reported = print.state;
    broker.publish(reportTopic, reportOf(print, sequenceId));
  }
  printer.events.on('change', () => publishReport());
  const reporting = setInterval(() => {
    const state = printer.snapshot().state;
    if (state === 'printing' || state !== reported) publishReport();
  }, REPORT_EVERY_MS);
  reporting.unref();

  await broker.open();
  await ftps.open();
  const controls = simulatorControls(printer, [broker, ftps]);
  return {
    kind: 'bambu',
    config: {
      kind: 'bambu',
      host: '127.0.0.1',
      serial,
      accessCode,
      mqttPort: broker.listener.port,
      ftpsPort: ftps.port,
      ca: pems.cert,
    },
    ...controls,
    async restartBroker() {
      await broker.close();
      await broker.open();
    },
    async stop() {
      clearInterval(reporting);
      await controls.stop();
    },
  };
}
