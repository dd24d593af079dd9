// Malformed tus requests to /api/uploads (Koa middleware outside the router, so not in the route table):
// bad Upload-Length, bad Upload-Metadata, a wrong Tus-Resumable, concatenation, deferred length, and
// upload ids that name nothing. None may create an upload.
import { UPLOAD_LIMITS } from '@printfarm/domain/upload';
import { UNKNOWN_ID } from './fieldMutations.ts';

export interface TusRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const metadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const CREATE = {
  'tus-resumable': '1.0.0',
  'upload-length': '1000',
  'upload-metadata': metadata({ filename: 'part.stl' }),
};
const PATCH = {
  'tus-resumable': '1.0.0',
  'upload-offset': '0',
  'content-type': 'application/offset+octet-stream',
};

export function tusRequests(): TusRequest[] {
  const create = (label: string, headers: Record<string, string | undefined>): TusRequest => ({
    label,
    method: 'POST',
    path: '/api/uploads',
    headers: Object.fromEntries(
      Object.entries({ ...CREATE, ...headers }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
  });
  const onUpload = (method: string, label: string, id: string): TusRequest => ({
    label,
    method,
    path: `/api/uploads/${id}`,
    headers: PATCH,
    ...(method === 'PATCH' ? { body: Buffer.from('solid part') } : {}),
  });
  return [
    ...[
      '-1',
      'abc',
      '1e3',
      '',
      '1.5',
      '0x10',
      '99999999999999999999',
      String(UPLOAD_LIMITS.maxFileSize + 1),
    ].map((length) => create(`Upload-Length '${length}'`, { 'upload-length': length })),
    create('no Upload-Length', { 'upload-length': undefined }),
    create('Upload-Defer-Length', { 'upload-length': undefined, 'upload-defer-length': '1' }),
    ...[
      'filename',
      'filename !!!not-base64!!!',
      `${metadata({ filename: 'part.stl' })},${metadata({ filename: 'part.stl' })}`,
      ' ',
      'a b c',
      `filename ${'A'.repeat(10_000)}`,
    ].map((value) => create(`Upload-Metadata '${value.slice(0, 40)}'`, { 'upload-metadata': value })),
    create('a file name that is no model', { 'upload-metadata': metadata({ filename: 'part.exe' }) }),
    create('a print request id that is no uuid', {
      'upload-metadata': metadata({ filename: 'part.stl', printRequestId: 'not-a-uuid' }),
    }),
    create('an unknown print request', {
      'upload-metadata': metadata({ filename: 'part.stl', printRequestId: UNKNOWN_ID }),
    }),
    create('an upload batch that is no uuid', {
      'upload-metadata': metadata({ filename: 'part.stl', uploadBatch: 'not-a-uuid' }),
    }),
    create("Tus-Resumable '0.2.2'", { 'tus-resumable': '0.2.2' }),
    create('no Tus-Resumable', { 'tus-resumable': undefined }),
    create('Upload-Concat', { 'upload-concat': 'final;/api/uploads/a /api/uploads/b' }),
    onUpload('PATCH', 'PATCH an unknown upload', 'f0a1b2c3d4e5'),
    onUpload('PATCH', 'PATCH with NUL in the id', '%00'),
    onUpload('PATCH', 'PATCH a 200-character id', 'a'.repeat(200)),
    onUpload('PATCH', 'PATCH a path as the id', '..%2F..%2Fetc%2Fpasswd'),
    onUpload('DELETE', 'DELETE an unknown upload', 'f0a1b2c3d4e5'),
    onUpload('DELETE', 'DELETE a lone surrogate id', '%ED%A0%80'),
    { label: 'GET the collection', method: 'GET', path: '/api/uploads', headers: {} },
  ];
}
