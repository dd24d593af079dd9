// A tus upload whose connection is cut at 10, 50 and 90 % of its body: the client asks where the server
// got to (HEAD) and sends the rest; the stored file is byte for byte the original (same SHA-256).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { createUpload, headUpload, patchUpload, uploadUrl } from '../../ops/fixtures/tus.ts';
import { eventually, startApi, type TestApi } from '../support/server.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

function randomStl(triangles: number): Buffer {
  const stl = Buffer.concat([Buffer.alloc(84), randomBytes(triangles * 50)]);
  stl.write('cut and resumed', 0, 'latin1');
  stl.writeUInt32LE(triangles, 80);
  return stl;
}

/** Sends the PATCH body from `offset` and destroys the connection once `cutAt` bytes of the file went out. */
function patchCutOff(
  url: string,
  cookie: string,
  data: Buffer,
  offset: number,
  cutAt: number,
): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'PATCH',
      headers: {
        cookie,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(data.length - offset),
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    let sent = offset;
    const pump = () => {
      while (sent < cutAt) {
        const end = Math.min(cutAt, sent + 64 * 1024);
        const more = request.write(data.subarray(sent, end));
        sent = end;
        if (!more) {
          request.once('drain', pump);
          return;
        }
      }
      // The body is half sent: the connection dies as a dropped network would end it.
      request.socket?.destroy();
      request.destroy();
    };
    request.on('socket', (socket) => socket.once('connect', pump));
  });
}

describe('tus upload cut and resumed', () => {
  let api: TestApi;
  let uploadDir: string;
  let cookie: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'tus-cut-'));
    api = await startApi({ env: { UPLOAD_DIR: uploadDir, RATE_LIMIT_DISABLED: 'true' } });
    const user = await createUser(api.prisma);
    cookie = await signIn(api.url, user.email, user.password);
  });
  afterAll(async () => {
    await api?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  for (const percent of [10, 50, 90]) {
    it(`resumes a 16 MB upload cut at ${percent} % to an identical file`, async () => {
      const data = randomStl(320_000);
      const created = await createUpload(api.url, cookie, data.length, { filename: `cut-${percent}.stl` });
      expect(created.status).toBe(201);
      const url = uploadUrl(api.url, created);
      const cutAt = Math.floor((data.length * percent) / 100);
      await patchCutOff(url, cookie, data, 0, cutAt);

      // The server keeps what arrived (up to the cut); the lock of the cut request is let go.
      const offset = await eventually(async () => {
        const head = await headUpload(url, cookie);
        const value = Number(head.headers.get('upload-offset'));
        return head.status === 200 && value > 0 ? value : undefined;
      });
      expect(offset).toBeLessThanOrEqual(cutAt);
      const finished = await eventually(async () => {
        const response = await patchUpload(url, cookie, offset, data.subarray(offset));
        return response.status === 204 ? response : undefined;
      });
      expect(Number(finished.headers.get('upload-offset'))).toBe(data.length);

      const file = await api.prisma.projectFile.findFirstOrThrow({
        where: { originalFileName: `cut-${percent}.stl` },
      });
      expect(file.sha256).toBe(sha256(data));
      expect(sha256(await readFile(path.join(uploadDir, file.filePath)))).toBe(sha256(data));
      expect(file.fileSize).toBe(data.length);
    });
  }
});
