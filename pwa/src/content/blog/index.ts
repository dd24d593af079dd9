// G-Code Confidential's five articles, newest first. Each lives in its own content file.
import { article as fromSideHustle } from './from-side-hustle-to-full-time.ts';
import { article as petgVsPla } from './petg-vs-pla-for-replacement-parts.ts';
import { article as pricing } from './pricing-strategy-for-print-farms.ts';
import { article as printQueue } from './running-a-print-queue.ts';
import { article as starterSetup } from './two-printer-starter-setup.ts';
import type { BlogArticle } from './types.ts';

export { BLOG_CATEGORIES, type BlogArticle, type BlogCategory } from './types.ts';

export const BLOG_ARTICLES: readonly BlogArticle[] = [
  petgVsPla,
  pricing,
  starterSetup,
  fromSideHustle,
  printQueue,
].sort((a, b) => b.date.localeCompare(a.date));

/** The spec's blog search: title, excerpt or any tag contains the text, ignoring case; category is exact. */
export function filterArticles(
  articles: readonly BlogArticle[],
  search: string,
  category: string,
): BlogArticle[] {
  const needle = search.trim().toLowerCase();
  return articles.filter((article) => {
    if (category !== 'All' && article.category !== category) return false;
    if (!needle) return true;
    return (
      article.title.toLowerCase().includes(needle) ||
      article.excerpt.toLowerCase().includes(needle) ||
      article.tags.some((tag) => tag.toLowerCase().includes(needle))
    );
  });
}
