// The `print` part of a Bambu Lab LAN-mode report (device/{serial}/report), as OpenBambuAPI's
// mqtt.md documents it, and what it means for the queue. Reports come from the printer's own broker,
// so each one is checked before it is read; fields we do not use pass through unread.
import * as v from 'valibot';
import type { PrinterStatus } from './types.ts';

/** The HMS code 0300-400C, "The task was canceled.": what a printer reports after a stop. */
export const CANCELLED_PRINT_ERROR = 0x0300_400c;

export const bambuReport = v.object({
  print: v.optional(
    v.looseObject({
      command: v.optional(v.string()),
      sequence_id: v.optional(v.union([v.string(), v.number()])),
      gcode_state: v.optional(v.string()),
      mc_percent: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
      gcode_file: v.optional(v.string()),
      subtask_name: v.optional(v.string()),
      print_error: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    }),
  ),
});

export type BambuPrint = NonNullable<v.InferOutput<typeof bambuReport>['print']>;

/** A report's payload as a BambuPrint, or null when it is not JSON or not a report we can read. */
export function readBambuReport(payload: Buffer): BambuPrint | null {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = v.safeParse(bambuReport, body);
  return parsed.success ? (parsed.output.print ?? null) : null;
}

/** The name as we uploaded it: reports give it as a bare name or as a path on the SD card. */
export function reportedFileName(print: BambuPrint): string | null {
  const path = print.gcode_file || print.subtask_name || '';
  return path.replace(/^.*\//, '') || null;
}

/** An HMS code as the printer's screen and Bambu's wiki write it, e.g. 0300-400C. */
function hmsCode(code: number): string {
  const hex = code.toString(16).toUpperCase().padStart(8, '0');
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}

export function statusOfReport(print: BambuPrint): PrinterStatus {
  const fileName = reportedFileName(print);
  const progress = (print.mc_percent ?? 0) / 100;
  const error = print.print_error ?? 0;
  switch (print.gcode_state) {
    case 'IDLE':
      return { activity: 'idle', fileName, progress, message: null };
    case 'PREPARE':
    case 'SLICING':
    case 'RUNNING':
      return { activity: 'printing', fileName, progress, message: null };
    case 'PAUSE':
      return {
        activity: 'paused',
        fileName,
        progress,
        message: error ? `print_error ${hmsCode(error)}` : null,
      };
    case 'FINISH':
      return { activity: 'finished', fileName, progress: 1, message: null };
    case 'FAILED':
      return error === CANCELLED_PRINT_ERROR
        ? { activity: 'cancelled', fileName, progress, message: `print_error ${hmsCode(error)}` }
        : { activity: 'failed', fileName, progress, message: `print_error ${hmsCode(error)}` };
    default:
      // A state we do not know takes nothing: reading it as idle could start a print on a busy printer.
      return {
        activity: 'offline',
        fileName,
        progress,
        message: `gcode_state ${print.gcode_state ?? 'missing'}`,
      };
  }
}
