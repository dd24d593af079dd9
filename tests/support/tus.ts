// A minimal tus 1.0 client over fetch for tests and benchmarks: create, PATCH chunks, HEAD the offset.
const TUS = { 'Tus-Resumable': '1.0.0' };

function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** POST /api/uploads: answers the Response (201 with Location on success). */
export function createUpload(
  baseUrl: string,
  cookie: string | undefined,
  size: number,
  metadata: Record<string, string>,
): Promise<Response> {
  return fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      ...(cookie ? { cookie } : {}),
      'Upload-Length': String(size),
      'Upload-Metadata': encodeMetadata(metadata),
    },
  });
}

export function uploadUrl(baseUrl: string, created: Response): string {
  const location = created.headers.get('location');
  if (!location) throw new Error(`no Location (status ${created.status})`);
  return new URL(location, baseUrl).toString();
}

export function patchUpload(
  url: string,
  cookie: string | undefined,
  offset: number,
  chunk: Uint8Array,
): Promise<Response> {
  return fetch(url, {
    method: 'PATCH',
    headers: {
      ...TUS,
      ...(cookie ? { cookie } : {}),
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    // Node's Buffers here never sit on a SharedArrayBuffer, which is all the DOM's BodyInit excludes.
    body: chunk as Uint8Array<ArrayBuffer>,
  });
}

export function headUpload(url: string, cookie: string | undefined): Promise<Response> {
  return fetch(url, { method: 'HEAD', headers: { ...TUS, ...(cookie ? { cookie } : {}) } });
}

/** Creates an upload and sends it whole in chunks; returns the final PATCH response. */
export async function uploadWhole(
  baseUrl: string,
  cookie: string,
  data: Uint8Array,
  metadata: Record<string, string>,
  chunkSize = 8 * 1024 * 1024,
): Promise<{ url: string; created: Response; finished: Response }> {
  const created = await createUpload(baseUrl, cookie, data.length, metadata);
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const url = uploadUrl(baseUrl, created);
  let offset = 0;
  let finished = created;
  while (offset < data.length) {
    const chunk = data.subarray(offset, Math.min(offset + chunkSize, data.length));
    finished = await patchUpload(url, cookie, offset, chunk);
    if (finished.status !== 204)
      throw new Error(`PATCH answered ${finished.status}: ${await finished.text()}`);
    offset = Number(finished.headers.get('upload-offset'));
  }
  return { url, created, finished };
}

/** A binary STL of an axis-aligned cube with the given edge (mm): 12 triangles. */
export function binaryStlCube(edge = 20): Buffer {
  const v = [
    [0, 0, 0],
    [edge, 0, 0],
    [edge, edge, 0],
    [0, edge, 0],
    [0, 0, edge],
    [edge, 0, edge],
    [edge, edge, edge],
    [0, edge, edge],
  ] as const;
  const faces = [
    [0, 2, 1],
    [0, 3, 2],
    [4, 5, 6],
    [4, 6, 7],
    [0, 1, 5],
    [0, 5, 4],
    [1, 2, 6],
    [1, 6, 5],
    [2, 3, 7],
    [2, 7, 6],
    [3, 0, 4],
    [3, 4, 7],
  ] as const;
  const buffer = Buffer.alloc(84 + faces.length * 50);
  buffer.write('binary cube from the test suite', 0, 'latin1');
  buffer.writeUInt32LE(faces.length, 80);
  faces.forEach((face, index) => {
    const base = 84 + index * 50;
    face.forEach((vertex, corner) => {
      const point = v[vertex];
      for (let axis = 0; axis < 3; axis += 1)
        buffer.writeFloatLE(point?.[axis] ?? 0, base + 12 + corner * 12 + axis * 4);
    });
  });
  return buffer;
}

/** An OBJ tetrahedron. */
export function objTetrahedron(size = 10): string {
  return [
    '# tetrahedron from the test suite',
    `v 0 0 0`,
    `v ${size} 0 0`,
    `v 0 ${size} 0`,
    `v 0 0 ${size}`,
    'f 1 3 2',
    'f 1 2 4',
    'f 1 4 3',
    'f 2 3 4',
    '',
  ].join('\n');
}
