import { applicationEnrich } from './applicationEnrich.ts';
import { applicationFollowup } from './applicationFollowup.ts';
import { emailSend } from './emailSend.ts';
import { farmGeocode } from './farmGeocode.ts';
import { modelAnalyze } from './modelAnalyze.ts';
import { sessionsPurge } from './sessionsPurge.ts';
import type { JobHandlers } from './types.ts';

export const jobHandlers: JobHandlers = {
  'email.send': emailSend,
  'application.enrich': applicationEnrich,
  'application.followup': applicationFollowup,
  'farm.geocode': farmGeocode,
  'model.analyze': modelAnalyze,
  'sessions.purge': sessionsPurge,
};
