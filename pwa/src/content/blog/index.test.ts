import { describe, expect, it } from 'vitest';
import { BLOG_ARTICLES, BLOG_CATEGORIES, filterArticles } from './index.ts';

describe('G-Code Confidential articles', () => {
  it('has five complete articles, one per category', () => {
    expect(BLOG_ARTICLES).toHaveLength(5);
    for (const article of BLOG_ARTICLES) {
      expect(
        article.title && article.excerpt && article.content && article.author && article.readTime,
      ).toBeTruthy();
      expect(article.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(article.tags.length).toBeGreaterThan(0);
    }
    expect(new Set(BLOG_ARTICLES.map((a) => a.category))).toEqual(new Set(BLOG_CATEGORIES.slice(1)));
  });

  it('searches title, excerpt and tags ignoring case, not the body', () => {
    expect(filterArticles(BLOG_ARTICLES, 'petg', 'All').map((a) => a.id)).toContain(
      'petg-vs-pla-for-replacement-parts',
    );
    expect(filterArticles(BLOG_ARTICLES, 'BATCHING', 'All').map((a) => a.id)).toEqual([
      'running-a-print-queue',
    ]);
    expect(filterArticles(BLOG_ARTICLES, 'surge protector', 'All')).toEqual([]);
  });

  it('filters by exact category, All shows everything', () => {
    expect(filterArticles(BLOG_ARTICLES, '', 'All')).toHaveLength(5);
    expect(filterArticles(BLOG_ARTICLES, '', 'Equipment').map((a) => a.category)).toEqual(['Equipment']);
    expect(filterArticles(BLOG_ARTICLES, 'petg', 'Strategy')).toEqual([]);
  });
});
