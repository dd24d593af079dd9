// Bambu Lab printers in LAN mode (OpenBambuAPI: mqtt.md for reports and commands, ftp.md for files):
// status from a full report ("pushall"), the G-code by FTPS to the SD card, then a "gcode_file"
// command; the start counts once a report shows the printer on that file.

import { type BambuConfig, uploadToSdCard } from './bambuFtps.ts';
import { bambuSession } from './bambuMqtt.ts';
import { reportedFileName, statusOfReport } from './bambuReport.ts';
import { connectorOf } from './dispatchOnce.ts';
import { DEFAULT_TIMEOUT_MS } from './http.ts';
import type { PrinterConnector, PrinterStatus } from './types.ts';

/** How long to wait for the broker, and then for the report that answers a command. */
const CONNECT_MS = 5_000;

export function bambuConnector(config: BambuConfig, timeoutMs = DEFAULT_TIMEOUT_MS): PrinterConnector {
  const session = bambuSession(config);

  async function status(signal?: AbortSignal): Promise<PrinterStatus> {
    if (!(await session.connected(CONNECT_MS, signal))) {
      return { activity: 'offline', fileName: null, progress: 0, message: session.lastFailure() };
    }
    const full = await session.request(
      'pushing',
      { command: 'pushall' },
      (print) => print.command === 'push_status' && print.gcode_state !== undefined,
      timeoutMs,
      signal,
    );
    if (!full) {
      const message = `Bambu printer ${config.serial} sent no report (${session.lastFailure()})`;
      return { activity: 'offline', fileName: null, progress: 0, message };
    }
    return statusOfReport(full);
  }

  return connectorOf({
    kind: 'bambu',
    status,
    async start(fileName, gcode, signal) {
      await uploadToSdCard(config, fileName, gcode, timeoutMs, signal);
      const started = await session.request(
        'print',
        { command: 'gcode_file', param: `/sdcard/${fileName}` },
        (print) =>
          reportedFileName(print) === fileName &&
          print.gcode_state !== 'IDLE' &&
          print.gcode_state !== undefined,
        timeoutMs,
        signal,
      );
      // No report on the file: the retry reads the status and finds the print if the command got through.
      if (!started)
        throw new Error(
          `Bambu printer ${config.serial} did not report starting ${fileName} within ${timeoutMs} ms`,
        );
    },
    async stop(signal) {
      const stopped = await session.request(
        'print',
        { command: 'stop', param: '' },
        (print) =>
          print.gcode_state !== undefined && !['PREPARE', 'RUNNING', 'PAUSE'].includes(print.gcode_state),
        timeoutMs,
        signal,
      );
      if (!stopped)
        throw new Error(`Bambu printer ${config.serial} did not report stopping within ${timeoutMs} ms`);
    },
    close: () => session.close(),
  });
}
