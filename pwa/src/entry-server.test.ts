// The server-rendered page carries user text (a request's title) verbatim, even where it reads like a
// String.replace pattern ($` $' $&).
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, SCREEN_END, SCREEN_START, withPageHead } from './entry-server.tsx';
import { SCREEN_ANSWERS_ID } from './lib/screenAnswers.ts';

// The service worker's module exists only in a Vite build; the update prompt it serves has no part here.
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({ needRefresh: [false, () => {}], updateServiceWorker: async () => {} }),
}));

const TITLE = "Bracket $` before $' after $& match $$ dollars";
const TEMPLATE = `<!doctype html><html><head><title>PrintFarm</title></head><body><div id="root">${SCREEN_START}<p>loading</p>${SCREEN_END}</div></body></html>`;

describe('server-rendered pages', () => {
  it('puts the answers into the page as they are', async () => {
    const answers = [{ key: ['/api/print-requests', 'r1'], data: { title: TITLE } }];
    const page = await renderScreen(TEMPLATE, '/no-such-screen', answers);
    expect(page.endsWith('</script></body></html>')).toBe(true);
    expect(page.split('</body>')).toHaveLength(2);
    const script = new RegExp(`<script type="application/json" id="${SCREEN_ANSWERS_ID}">(.*)</script>`).exec(
      page,
    );
    expect(JSON.parse(script?.[1] ?? 'null')).toEqual(answers);
  });

  it("moves a page's title into the head as it is", () => {
    const { document } = withPageHead(TEMPLATE, `<title>${TITLE}</title><p>page</p>`);
    expect(document).toContain(`<head><title>${TITLE}</title></head>`);
  });
});
