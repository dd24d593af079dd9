export const BLOG_CATEGORIES = [
  'All',
  'Materials',
  'Strategy',
  'Equipment',
  'Success Stories',
  'Operations',
] as const;
export type BlogCategory = Exclude<(typeof BLOG_CATEGORIES)[number], 'All'>;

/** One G-Code Confidential article. `content` is plain text: blank lines split paragraphs, '## ' starts a heading, '- ' a list item. */
export interface BlogArticle {
  id: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  category: BlogCategory;
  readTime: string;
  tags: string[];
}
