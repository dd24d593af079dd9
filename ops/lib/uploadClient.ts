// The upload benchmark's client, in a process of its own so it never shares the server's event loop:
// streams a file from disk as one plain HTTP PUT, or as a tus upload (create, then PATCH in chunks), and
// prints the seconds it took as JSON.
//   node ops/lib/uploadClient.ts '{"mode":"put","url":...,"file":...}'
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface UploadJob {
  mode: 'put' | 'tus';
  /** The PUT target, or the tus endpoint (…/api/uploads). */
  url: string;
  file: string;
  cookie?: string;
  /** tus only: bytes per PATCH; left out, one PATCH (as Uppy sends by default). */
  chunkBytes?: number;
  fileName?: string;
}

const TUS = { 'Tus-Resumable': '1.0.0' };

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: { file: string; start: number; end: number },
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response));
    });
    request.on('error', reject);
    if (!body) {
      request.end();
      return;
    }
    createReadStream(body.file, { start: body.start, end: body.end - 1, highWaterMark: 1024 * 1024 })
      .on('error', reject)
      .pipe(request);
  });
}

async function upload(job: UploadJob): Promise<void> {
  const size = (await stat(job.file)).size;
  if (job.mode === 'put') {
    const response = await send(
      job.url,
      'PUT',
      { 'content-length': String(size), 'content-type': 'application/octet-stream' },
      { file: job.file, start: 0, end: size },
    );
    if (response.statusCode !== 201) throw new Error(`PUT answered ${response.statusCode}`);
    return;
  }
  const cookie: Record<string, string> = job.cookie ? { cookie: job.cookie } : {};
  const name = Buffer.from(job.fileName ?? 'bench.stl').toString('base64');
  const created = await send(job.url, 'POST', {
    ...TUS,
    ...cookie,
    'Upload-Length': String(size),
    'Upload-Metadata': `filename ${name}`,
  });
  const location = created.headers.location;
  if (created.statusCode !== 201 || !location) throw new Error(`tus create answered ${created.statusCode}`);
  const target = new URL(location, job.url).toString();
  const chunk = job.chunkBytes ?? Number.POSITIVE_INFINITY;
  for (let offset = 0; offset < size; ) {
    const end = Math.min(size, offset + chunk);
    const response = await send(
      target,
      'PATCH',
      {
        ...TUS,
        ...cookie,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(end - offset),
      },
      { file: job.file, start: offset, end },
    );
    if (response.statusCode !== 204) throw new Error(`tus PATCH answered ${response.statusCode}`);
    offset = Number(response.headers['upload-offset']);
  }
}

const job = JSON.parse(process.argv[2] ?? '{}', (_key, value) =>
  value === 'Infinity' ? Infinity : value,
) as UploadJob;
const started = performance.now();
await upload(job);
process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - started) / 1_000 })}\n`);
