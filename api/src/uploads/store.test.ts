import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingFileStore } from './store.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('HashingFileStore', () => {
  let directory: string;
  let store: HashingFileStore;
  const data = randomBytes(300_000);

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'hashing-store-'));
    store = new HashingFileStore({ directory });
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  async function created(id: string): Promise<void> {
    await store.create(new Upload({ id, size: data.length, offset: 0 }));
  }

  it('hashes an upload written in order, in one PATCH or several, as the file on disk', async () => {
    await created('whole');
    expect(await store.write(Readable.from([data]), 'whole', 0)).toBe(data.length);
    expect(store.takeSha256('whole', data.length)).toBe(sha256(data));

    await created('parts');
    let offset = 0;
    for (const end of [1, 70_000, 250_000, data.length]) {
      offset = await store.write(Readable.from([data.subarray(offset, end)]), 'parts', offset);
    }
    expect(store.takeSha256('parts', data.length)).toBe(sha256(data));
    expect(sha256(await readFile(path.join(directory, 'parts')))).toBe(sha256(data));
  });

  it('knows no hash for an upload it did not see from byte 0, or not to the end', async () => {
    await created('resumed');
    // As if the first bytes had gone to another process.
    await store.write(Readable.from([data.subarray(100_000)]), 'resumed', 100_000);
    expect(store.takeSha256('resumed', data.length)).toBeUndefined();

    await created('short');
    await store.write(Readable.from([data.subarray(0, 1_000)]), 'short', 0);
    expect(store.takeSha256('short', data.length)).toBeUndefined();
    // Taken once: a second ask has nothing.
    await created('once');
    await store.write(Readable.from([data]), 'once', 0);
    expect(store.takeSha256('once', data.length)).toBe(sha256(data));
    expect(store.takeSha256('once', data.length)).toBeUndefined();
  });

  it('forgets the hash of a write whose source failed, and the resumed upload is read back', async () => {
    await created('broken');
    await store.write(Readable.from([data.subarray(0, 10_000)]), 'broken', 0);
    const source = new Readable({ read() {} });
    const writing = store.write(source, 'broken', 10_000);
    source.push(data.subarray(10_000, 20_000));
    source.destroy(new Error('connection reset'));
    await expect(writing).rejects.toBeDefined();
    const onDisk = (await readFile(path.join(directory, 'broken'))).length;
    expect(onDisk).toBeGreaterThanOrEqual(10_000);
    await store.write(Readable.from([data.subarray(onDisk)]), 'broken', onDisk);
    expect(store.takeSha256('broken', data.length)).toBeUndefined();
    expect(sha256(await readFile(path.join(directory, 'broken')))).toBe(sha256(data));
  });
});
