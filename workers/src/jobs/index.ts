import { emailSend } from './emailSend.ts';
import type { JobHandlers } from './types.ts';

export const jobHandlers: JobHandlers = {
  'email.send': emailSend,
};
