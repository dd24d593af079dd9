// Makes a queue item's 3MF project for one of the farm's printers, so the operator can download it.
import { printerFileJob } from '../printers/partCopy.ts';
import { printerProject } from '../printers/project.ts';

export const queueProject = printerFileJob(printerProject);
