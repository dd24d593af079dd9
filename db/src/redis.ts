// The one kind of Redis connection the producers use (the API and the relays); BullMQ workers open their own.
import { Redis } from 'ioredis';

/**
 * A connection that fails fast while Redis is away instead of queueing commands in memory:
 * the health check must report it, and the outbox relay must keep events in PostgreSQL.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}
