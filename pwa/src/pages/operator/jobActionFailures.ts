// What the operator is told when an answer or report on a job could not be sent.
import type { JobAction } from '../../api/operator.ts';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';

const FAILURE_TITLES: Record<JobAction, string> = {
  accept: 'Could not accept the job',
  decline: 'Could not decline the job',
  counter: 'Could not send the counter-offer',
  start: 'Could not start printing',
  progress: 'Could not save the progress',
  ship: 'Could not mark the job shipped',
  deliver: 'Could not mark the job delivered',
};

/** A failed job action as a toast; a 409 says the job moved on, in the server's words. */
export const jobActionFailure = (action: JobAction) => toastOnFailure(FAILURE_TITLES[action]);
