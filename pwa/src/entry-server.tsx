// The server's entry to the app, with the same routes and providers as the client, waiting for every
// lazy page to load:
// - the build (scripts/build.ts) prerenders public pages with it. Data the page would fetch is not
//   fetched there: those parts render their loading skeleton, which keeps its size when the data comes;
// - the API (api/src/http/screens.ts) renders a signed-in screen on a first visit with the answers it
//   read for it, into the template the build made of that screen's loading frame.

import { PRERENDERED_ROUTES, ROUTES } from '@printfarm/map/routeTable';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { AppContent } from './App.tsx';
import { createQueryClient } from './api/queryClient.ts';
import { BLOG_ARTICLES } from './content/blog/index.ts';
import { SCREEN_ANSWERS_ID, type ScreenAnswer, seedAnswers } from './lib/screenAnswers.ts';

export { ROUTES };

/** Values of each prerendered route's parameter. */
const PRERENDER_PARAMS: Record<string, readonly string[]> = {
  '/blog/:articleId': BLOG_ARTICLES.map((article) => article.id),
};

/** Every path the build writes as static HTML. */
export function prerenderPaths(): string[] {
  return PRERENDERED_ROUTES.flatMap(({ path }) => {
    if (!path.includes(':')) return [path];
    const [name] = /:\w+/.exec(path) ?? [''];
    const values = PRERENDER_PARAMS[path];
    if (!values) throw new Error(`No prerender values for ${path}`);
    return values.map((value) => path.replace(name, encodeURIComponent(value)));
  });
}

/** The page module (relative to src/) that renders a path. */
export function pageOf(url: string): string | undefined {
  return matchRoutes([...ROUTES], url)?.at(-1)?.route.page;
}

/** The markup of #root for one path, with the data the client is given beforehand. */
export async function render(url: string, client: QueryClient = createQueryClient()): Promise<string> {
  const { prelude } = await prerender(
    <QueryClientProvider client={client}>
      <StaticRouter location={url}>
        <AppContent />
      </StaticRouter>
    </QueryClientProvider>,
  );
  return new Response(prelude).text();
}

const HEAD_TAG = /<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>/g;

/**
 * React puts the <title>, <meta> and <link> a page declares ahead of its markup; in a whole page they
 * belong in <head>, in place of the document's defaults. Answers the document with them there, and the
 * markup without them.
 */
export function withPageHead(document: string, markup: string): { document: string; body: string } {
  const leading = new RegExp(`^(?:${HEAD_TAG.source})+`).exec(markup)?.[0] ?? '';
  let head = document;
  for (const [tag] of leading.matchAll(HEAD_TAG)) {
    // Replacement functions throughout: a string would read `$'` or `$&` in a page's text as patterns.
    if (tag.startsWith('<title>')) head = head.replace(/<title>[^<]*<\/title>/, () => tag);
    else if (tag.includes('name="description"'))
      head = head.replace(/<meta name="description"[^>]*>/, () => tag);
    else head = head.replace('</head>', () => `${tag}</head>`);
  }
  return { document: head, body: markup.slice(leading.length) };
}

/** Where a template keeps the frame that a rendered screen replaces (scripts/build.ts writes them). */
export const SCREEN_START = '<!--screen-->';
export const SCREEN_END = '<!--/screen-->';

/**
 * Signed-in screens that the API renders with its viewer's data on a visit that the service worker does
 * not answer (the first): their HTML then shows the screen before any JavaScript has run. The build
 * prerenders each one's loading frame as its template; api/src/http/screens.ts reads each one's data,
 * and the page takes the answers up (lib/screenAnswers.ts). Not in routeTable.ts: that is in every
 * page's first load.
 */
const SCREENS = ['/dashboard/requests/:requestId'];

/** Each screen's route and a path that renders its loading frame. */
export function screenFrames(): { route: string; url: string }[] {
  return SCREENS.map((route) => ({ route, url: route.replace(/:\w+/g, '_') }));
}

/**
 * The page of one signed-in screen: the template of its route (its loading frame, with the page's
 * styles and scripts) with the screen rendered from `answers` in place of the frame, and the answers
 * beside it for the client to start from, so that it takes the HTML over without asking again.
 */
export async function renderScreen(template: string, url: string, answers: readonly ScreenAnswer[]) {
  if (!template.includes(SCREEN_START) || !template.includes(SCREEN_END)) {
    throw new Error('The template has no screen markers');
  }
  const client = createQueryClient();
  seedAnswers(client, answers);
  const { document, body } = withPageHead(template, await render(url, client));
  const start = document.indexOf(SCREEN_START);
  const end = document.indexOf(SCREEN_END);
  // JSON in a script element: '<' escaped, so that no string in it can close the element.
  const json = JSON.stringify(answers).replaceAll('<', '\\u003c');
  return `${document.slice(0, start)}${SCREEN_START}${body}${SCREEN_END}${document
    .slice(end + SCREEN_END.length)
    .replace(
      '</body>',
      () => `<script type="application/json" id="${SCREEN_ANSWERS_ID}">${json}</script></body>`,
    )}`;
}
