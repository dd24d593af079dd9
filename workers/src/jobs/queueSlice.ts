// Slices a queue item for one of the farm's printers, so the operator can download its G-code.
import { printerGcode } from '../printers/gcode.ts';
import { printerFileJob } from '../printers/partCopy.ts';

export const queueSlice = printerFileJob(printerGcode);
