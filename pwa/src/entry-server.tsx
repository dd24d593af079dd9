// The prerenderer's entry (scripts/build.ts): renders one public path to HTML with the same routes and
// providers as the client, waiting for every lazy page to load. Data the page would fetch is not
// fetched here: those parts render their loading skeleton, which keeps its size when the data comes.
import { QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { AppContent } from './App.tsx';
import { createQueryClient } from './api/queryClient.ts';
import { BLOG_ARTICLES } from './content/blog/index.ts';
import { ROUTES } from './routeTable.ts';

export { ROUTES };

/** Values of each prerendered route's parameter. */
const PRERENDER_PARAMS: Record<string, readonly string[]> = {
  '/blog/:articleId': BLOG_ARTICLES.map((article) => article.id),
};

/** Every path the build writes as static HTML. */
export function prerenderPaths(): string[] {
  return ROUTES.filter((route) => route.prerender).flatMap(({ path }) => {
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

/** The markup of #root for one path. */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerender(
    <QueryClientProvider client={createQueryClient()}>
      <StaticRouter location={url}>
        <AppContent />
      </StaticRouter>
    </QueryClientProvider>,
  );
  return new Response(prelude).text();
}
