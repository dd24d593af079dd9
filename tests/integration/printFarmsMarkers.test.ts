// The map's marker feed (GET /api/print-farms/markers) and the farm behind a marker, through the real
// API: only located, active farms, read back by the map's own decoder; ETag, gzip and brotli; a new
// farm shows at once; GET /api/print-farms stays as the spec defines it.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { decodeMarkerFeed } from '@printfarm/map/markerFeed';
import { describe, expect, it } from 'vitest';
import { insertFarms } from '../../ops/fixtures/networkFixtures.ts';
import { rawGet } from '../support/http.ts';
import { useServerSuite } from '../support/server.ts';

const PUBLIC_KEYS = [
  'id',
  'displayName',
  'streetName',
  'city',
  'state',
  'zipCode',
  'printerCount',
  'capacity',
  'printerTypes',
  'website',
  'wantsOrderingLink',
  'assignedOrderingLink',
  'coordinates',
].sort();

/** GET with this Accept-Encoding, the body as it came over the wire. */
const raw = (url: string, encoding: string, headers: Record<string, string> = {}) =>
  rawGet(url, { 'accept-encoding': encoding, ...headers });

describe('GET /api/print-farms/markers', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });

  it('lists every located, active farm with its marker number, place, printers and rounded coordinates', async () => {
    const [austin, seattle, pending, closed] = await insertFarms(server.api, [
      {
        displayName: 'Marker Test Austin',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: 30.271349,
        longitude: -97.742612,
        printerCount: 5,
      },
      {
        displayName: 'Marker Test Seattle',
        city: 'Seattle',
        state: 'WA',
        zipCode: '98101',
        latitude: 47.6062,
        longitude: -122.3321,
        printerCount: 1,
      },
      {
        displayName: 'Marker Test Pending',
        city: 'Denver',
        state: 'CO',
        zipCode: '80202',
        latitude: null,
        longitude: null,
      },
      {
        displayName: 'Marker Test Closed',
        city: 'Boston',
        state: 'MA',
        zipCode: '02108',
        latitude: 42.3601,
        longitude: -71.0589,
      },
    ]);
    await server.api.prisma.printFarm.update({ where: { id: String(closed) }, data: { isActive: false } });

    const response = await fetch(`${server.api.url}/api/print-farms/markers`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    const { markers } = decodeMarkerFeed(JSON.parse(text));
    const rows = await server.api.prisma.printFarm.findMany({
      where: { isActive: true, latitude: { not: null }, longitude: { not: null } },
      orderBy: { markerId: 'asc' },
    });
    expect(markers.map((marker) => marker.markerId)).toEqual(rows.map((row) => row.markerId));
    const byName = new Map(markers.map((marker) => [marker.name, marker]));
    expect(byName.get('Marker Test Austin')).toEqual({
      markerId: rows.find((row) => row.id === austin)?.markerId,
      name: 'Marker Test Austin',
      place: 'Austin, TX',
      printers: 5,
      lat: 30.2713,
      lng: -97.7426,
    });
    expect(byName.get('Marker Test Seattle')).toMatchObject({ place: 'Seattle, WA', printers: 1 });
    expect(byName.has('Marker Test Pending')).toBe(false);
    expect(byName.has('Marker Test Closed')).toBe(false);
    // Nothing but the marker's own fields travels: no ids, contact details or addresses.
    for (const secret of [String(seattle), String(pending), 'Main Street', '@example.com', '5125550100']) {
      expect(text).not.toContain(secret);
    }

    // The farm behind a marker: its public view, the same as in the list.
    const austinMarker = byName.get('Marker Test Austin')?.markerId;
    const farm = (await (
      await fetch(`${server.api.url}/api/print-farms/markers/${austinMarker}`)
    ).json()) as Record<string, unknown>;
    expect(Object.keys(farm).sort()).toEqual(PUBLIC_KEYS);
    const list = (await (await fetch(`${server.api.url}/api/print-farms`)).json()) as Record<
      string,
      unknown
    >[];
    expect(farm).toEqual(list.find((item) => item.id === austin));
    for (const key of list.map((item) => Object.keys(item).sort().join()))
      expect(key).toBe(PUBLIC_KEYS.join());
  });

  it('answers a closed farm, an unknown number and a path that is no number with 404', async () => {
    const [closed] = await insertFarms(server.api, [
      {
        displayName: 'Marker Test Gone',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: 30.3,
        longitude: -97.7,
      },
    ]);
    const row = await server.api.prisma.printFarm.update({
      where: { id: String(closed) },
      data: { isActive: false },
    });
    for (const path of [String(row.markerId), '0', '99999999', '2147483648', 'abc', '1e3', '-1']) {
      const response = await fetch(`${server.api.url}/api/print-farms/markers/${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ message: 'Print farm not found', fields: {} });
    }
  });

  it('is revalidated by ETag and sent as brotli or gzip, each the same JSON', async () => {
    await insertFarms(server.api, [
      {
        displayName: 'Marker Test Encoded',
        city: 'Denver',
        state: 'CO',
        zipCode: '80202',
        latitude: 39.74,
        longitude: -104.99,
      },
    ]);
    const url = `${server.api.url}/api/print-farms/markers`;
    const plain = await raw(url, 'identity');
    const brotli = await raw(url, 'gzip, deflate, br');
    const gzip = await raw(url, 'gzip');
    expect([plain.status, brotli.status, gzip.status]).toEqual([200, 200, 200]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"pm-/);
    expect(brotli.headers.etag).toBe(etag);
    const again = await raw(url, 'br', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('shows a newly located farm at once, under a new ETag', async () => {
    const url = `${server.api.url}/api/print-farms/markers`;
    const before = await fetch(url);
    const etag = before.headers.get('etag') ?? '';
    await insertFarms(server.api, [
      {
        displayName: 'Marker Test Newcomer',
        city: 'Phoenix',
        state: 'AZ',
        zipCode: '85004',
        latitude: 33.45,
        longitude: -112.07,
      },
    ]);
    const after = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const { markers } = decodeMarkerFeed(await after.json());
    expect(markers.some((marker) => marker.name === 'Marker Test Newcomer')).toBe(true);
  });
});
