// The job catalogue: every BullMQ queue the workers serve, with the payload each job carries.
// The outbox stores `{ job, payload }`; the relay publishes it to the queue named `job`.
import * as v from 'valibot';

export const jobPayloadSchemas = {
  'email.send': v.object({
    messageKey: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
    to: v.pipe(v.string(), v.email()),
    subject: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
    text: v.string(),
    html: v.optional(v.string()),
    replyTo: v.optional(v.pipe(v.string(), v.email())),
  }),
  /** Format check and mesh metrics for an uploaded design (project_files row). */
  'model.analyze': v.object({
    fileId: v.pipe(v.string(), v.uuid()),
  }),
  /** Geocode, territory density, duplicates and lead score for a new operator application. */
  'application.enrich': v.object({
    applicationId: v.pipe(v.string(), v.uuid()),
  }),
  /** The 48-hour follow-up on an operator application that is still New. */
  'application.followup': v.object({
    applicationId: v.pipe(v.string(), v.uuid()),
  }),
  /** Address → coordinates for one print farm (workers/src/jobs/farmGeocode.ts). */
  'farm.geocode': v.object({
    farmId: v.pipe(v.string(), v.uuid()),
  }),
  /** Deletes expired rows of the sessions table; repeated by a job scheduler (workers/src/schedules.ts). */
  'sessions.purge': v.object({}),
} as const;

export type JobName = keyof typeof jobPayloadSchemas;
export type JobPayload<J extends JobName> = v.InferOutput<(typeof jobPayloadSchemas)[J]>;

export const JOB_NAMES = Object.keys(jobPayloadSchemas) as JobName[];

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(jobPayloadSchemas, name);
}

/** Checks a payload again on the worker side: the queue is a trust boundary too. */
export function parseJobPayload<J extends JobName>(job: J, payload: unknown): JobPayload<J> {
  return v.parse(jobPayloadSchemas[job], payload) as JobPayload<J>;
}

/** Retry policy shared by the relay (job options) and the worker (documentation of intent). */
export const JOB_RETRY = { attempts: 8, backoff: { type: 'exponential' as const, delay: 2_000 } };
