import type { PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import type { Metrics } from '@printfarm/db/metrics';
import type { PaymentProvider } from '@printfarm/db/payments';
import type { JobName, JobPayload } from '@printfarm/domain/queues';
import type { WorkerConfig } from '../config.ts';
import type { Mailer } from '../mail/transport.ts';
import type { ConnectorFactory } from '../printers/connectorFactory.ts';
import type { LocalCopies } from '../storage/localCopy.ts';

export interface JobContext {
  prisma: PrismaClient;
  mailer: Mailer;
  config: WorkerConfig;
  /** Local copies of stored uploads (fetched from S3 when uploads live there). */
  files: LocalCopies;
  log: Logger;
  /** This process's metrics (e-mails sent, analysis time, offers…). */
  metrics: Metrics;
  /** The payment processor (invoice or Stripe) captures, refunds and payouts go through. */
  payments: PaymentProvider;
  /** Makes a connector for a connected printer (printer.dispatch, printer.poll). */
  connectors: ConnectorFactory;
  /** The BullMQ job id, which is the outbox event id. */
  jobId: string;
  attempt: number;
}

/** What a handler reports; 'skipped' means its work was already done or its record is gone. */
export type JobOutcome = 'done' | 'skipped';

export type JobHandler<J extends JobName> = (
  payload: JobPayload<J>,
  context: JobContext,
) => Promise<JobOutcome>;

/** One handler per job name: a job without a handler does not compile. */
export type JobHandlers = { [J in JobName]: JobHandler<J> };
