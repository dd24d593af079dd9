// A tus Locker on Redis (SET NX PX + a checked release), so two API processes never write the same
// upload at once. A waiting request asks the holder, in whichever process, to let go by setting a
// release key the holder watches, as @tus/server's MemoryLocker does in memory.
import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';

const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1], KEYS[2]) else return 0 end`;
const EXTEND_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface RedisLockerOptions {
  keyPrefix: string;
  /** How long a lock lives without being extended (a crashed holder frees it after this). */
  ttlMs?: number;
  /** How long a request waits for a lock before giving up with ERR_LOCK_TIMEOUT. */
  acquireTimeoutMs?: number;
  /** How often a holder checks whether another request asked it to let go. */
  watchMs?: number;
}

export class RedisLocker implements Locker {
  readonly redis: Redis;
  readonly keyPrefix: string;
  readonly ttlMs: number;
  readonly acquireTimeoutMs: number;
  readonly watchMs: number;

  constructor(redis: Redis, options: RedisLockerOptions) {
    this.redis = redis;
    this.keyPrefix = options.keyPrefix;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.watchMs = options.watchMs ?? 200;
  }

  lockKey(id: string): string {
    return `${this.keyPrefix}:lock:${id}`;
  }

  releaseKey(id: string): string {
    return `${this.keyPrefix}:release:${id}`;
  }

  newLock(id: string): Lock {
    return new RedisLock(id, this);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class RedisLock implements Lock {
  readonly id: string;
  readonly locker: RedisLocker;
  readonly token = randomUUID();
  private timers: NodeJS.Timeout[] = [];

  constructor(id: string, locker: RedisLocker) {
    this.id = id;
    this.locker = locker;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis, ttlMs, acquireTimeoutMs, watchMs } = this.locker;
    const key = this.locker.lockKey(this.id);
    const releaseKey = this.locker.releaseKey(this.id);
    const deadline = Date.now() + acquireTimeoutMs;
    let askedHolder = false;
    let delay = 10;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if ((await redis.set(key, this.token, 'PX', ttlMs, 'NX')) === 'OK') break;
      if (!askedHolder) {
        askedHolder = true;
        await redis.set(releaseKey, this.token, 'PX', ttlMs);
      }
      if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(delay);
      delay = Math.min(delay * 2, 200);
    }
    await redis.del(releaseKey);
    // A long PATCH keeps its lock alive; a crashed process's lock expires after ttlMs.
    const renew = setInterval(
      () => void redis.eval(EXTEND_SCRIPT, 1, key, this.token, String(ttlMs)).catch(() => {}),
      Math.max(1_000, Math.floor(ttlMs / 3)),
    );
    let releaseAsked = false;
    const watch = setInterval(() => {
      if (releaseAsked) return;
      redis.exists(releaseKey).then(
        (asked) => {
          if (asked && !releaseAsked) {
            releaseAsked = true;
            void requestRelease();
          }
        },
        () => {},
      );
    }, watchMs);
    renew.unref();
    watch.unref();
    this.timers = [renew, watch];
  }

  async unlock(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.locker.redis.eval(
      RELEASE_SCRIPT,
      2,
      this.locker.lockKey(this.id),
      this.locker.releaseKey(this.id),
      this.token,
    );
  }
}
