// The outbox: follow-up work is written in the same transaction as the change that causes it, and
// published to BullMQ only after that transaction commits, so a rolled-back write never fires a job
// and a committed one is never forgotten.
//
//   service or job, in its transaction
//     └─ recordJob(tx, job, payload)            record.ts   outbox_events row + NOTIFY outbox_events
//   commit
//     └─ LISTEN outbox_events                   signal.ts   wakes the relay (polling is the safety net)
//   relay, in every API and worker process     relay.ts    FOR UPDATE SKIP LOCKED, one relay per row
//     └─ queue.add(job, payload, { jobId: event id })       queues.ts   producers, one per job name
//   worker                                      workers/src/runtime.ts → workers/src/jobs/<job>.ts
//
// start.ts wires the producers, the relay and the outbox gauges for a process. The job catalogue (each
// job's name and payload schema, checked again by the worker) is domain/src/queues.ts, shared with
// workers/ and mail/.
export type { JobName, JobPayload } from '@printfarm/domain/queues';
export { createQueueRegistry, type QueueRegistry } from './queues.ts';
export { mailedSince, type RecordJobOptions, recordJob } from './record.ts';
export { type OutboxRelay, type RelayOptions, startOutboxRelay } from './relay.ts';
export { OUTBOX_CHANNEL } from './signal.ts';
export { type Outbox, type OutboxSettings, startOutbox } from './start.ts';
