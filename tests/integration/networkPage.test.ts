// The network page as the API serves it (api/src/http/mapPages.ts): the prerendered page with the map's
// first frame, made from the current marker feed, so that the page draws its map before the app loads;
// compressed, ETagged, made again when a farm changes; other pages are served as the build wrote them.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mapFirstFrame } from '@printfarm/map/mapFirstFrame';
import { describe, expect, it } from 'vitest';
import { insertFarms } from '../../ops/fixtures/networkFixtures.ts';
import { rawGet } from '../support/http.ts';
import { useServerSuite } from '../support/server.ts';

const DATA = /<script type="application\/json" id="farm-map-first-frame">(.*?)<\/script>/;

const firstFrameIn = (html: string) => {
  const json = DATA.exec(html)?.[1];
  return json === undefined ? null : JSON.parse(json);
};

describe('the network page with its map drawn from the HTML', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });

  it("carries the current farms clustered for the map's first frame, as the marker feed places them", async () => {
    await insertFarms(server.api, [
      {
        displayName: 'Frame Test Austin',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: 30.2713,
        longitude: -97.7426,
      },
      {
        displayName: 'Frame Test Seattle',
        city: 'Seattle',
        state: 'WA',
        zipCode: '98101',
        latitude: 47.6062,
        longitude: -122.3321,
      },
    ]);
    const feed = await (await fetch(`${server.api.url}/api/print-farms/markers`)).json();
    for (const pagePath of ['/print-farms', '/print-farm-network']) {
      const response = await rawGet(`${server.api.url}${pagePath}`, { 'accept-encoding': 'br, gzip' });
      expect(response.status, pagePath).toBe(200);
      expect(response.headers['content-type'], pagePath).toBe('text/html; charset=utf-8');
      expect(response.headers['content-encoding'], pagePath).toBe('br');
      expect(response.headers['cache-control'], pagePath).toBe('no-cache');
      expect(response.headers.vary, pagePath).toContain('Accept-Encoding');
      const html = brotliDecompressSync(response.body).toString('utf8');
      // The prerendered page, its map's slot and the script that draws into it, before the app starts.
      expect(html).toMatch(/<div id="root"><a href="#main" class="skip-link">/);
      expect(html).toContain('data-first-frame=""');
      expect(html).toMatch(
        /<script type="module" blocking="render" crossorigin src="\/assets\/drawFirstFrame-/,
      );
      expect(firstFrameIn(html), pagePath).toEqual(mapFirstFrame(feed));
    }
  });

  it('answers 304 to a current copy, gzip to clients without brotli, and a new page once a farm is added', async () => {
    const url = `${server.api.url}/print-farms`;
    const first = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"mp-/);
    const before = firstFrameIn(gunzipSync(first.body).toString('utf8'));
    expect((await rawGet(url, { 'if-none-match': etag })).status).toBe(304);
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(firstFrameIn(plain.body.toString('utf8'))).toEqual(before);

    await insertFarms(server.api, [
      {
        displayName: 'Frame Test Denver',
        city: 'Denver',
        state: 'CO',
        zipCode: '80202',
        latitude: 39.7392,
        longitude: -104.9903,
      },
    ]);
    const after = await rawGet(url, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const farms = (frame: { levels: Record<string, [number, number, number?][]> }) =>
      Object.values(frame.levels)[0]?.reduce((total, [, , count]) => total + (count ?? 1), 0);
    expect(farms(firstFrameIn(after.body.toString('utf8')))).toBe((farms(before) ?? 0) + 1);
  });

  it('serves pages without the map as the build wrote them', async () => {
    const response = await rawGet(`${server.api.url}/faq`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    const html = brotliDecompressSync(response.body).toString('utf8');
    expect(html).not.toContain('data-first-frame');
    expect(html).not.toMatch(DATA);
    expect(String(response.headers.etag ?? '')).not.toMatch(/^"mp-/);
  });
});
