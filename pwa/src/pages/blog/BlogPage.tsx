// /blog, G-Code Confidential: search, category buttons, article cards, an article view and 'Stay Updated'.
// /blog/:articleId opens one article; ?subscribed=1 or =invalid comes back from the confirm link.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { useFilterButtons } from '../../components/ui/filter-buttons.tsx';
import { SearchInput } from '../../components/ui/input.tsx';
import { Container, PageHero } from '../../components/ui/layout.tsx';
import { toast } from '../../components/ui/toast.tsx';
import {
  BLOG_ARTICLES,
  BLOG_CATEGORIES,
  type BlogArticle,
  filterArticles,
} from '../../content/blog/index.ts';
import { NotFoundScreen } from '../NotFound.tsx';
import { SiteLayout } from '../SiteLayout.tsx';
import { ArticleBody } from './ArticleBody.tsx';
import { StayUpdated } from './StayUpdated.tsx';
import './blog.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const formatDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

const SUBSCRIPTION_NOTICES = {
  '1': {
    tone: 'success',
    title: 'Subscription confirmed',
    text: "Thanks for confirming! You're now subscribed to G-Code Confidential.",
  },
  invalid: {
    tone: 'error',
    title: 'Confirmation link not valid',
    text: 'That confirmation link is invalid or has already been replaced. Please subscribe again below.',
  },
} as const;

function useSubscriptionNotice() {
  const [params] = useSearchParams();
  const value = params.get('subscribed');
  const notice = value === '1' || value === 'invalid' ? SUBSCRIPTION_NOTICES[value] : null;
  useEffect(() => {
    if (!notice) return;
    toast({
      title: notice.title,
      description: notice.text,
      variant: notice.tone === 'error' ? 'destructive' : 'default',
    });
  }, [notice]);
  return notice;
}

function ArticleMeta({ article }: { article: BlogArticle }) {
  return (
    <p className="blog-meta">
      <span>{article.author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={article.date}>{formatDate(article.date)}</time>
      <span aria-hidden="true">·</span>
      <span>{article.readTime}</span>
    </p>
  );
}

function ArticleCard({ article }: { article: BlogArticle }) {
  return (
    <article className="blog-card">
      <div className="blog-card__top">
        <Badge variant="secondary">{article.category}</Badge>
        <span className="blog-card__read">{article.readTime}</span>
      </div>
      <h2 className="blog-card__title">
        <Link to={`/blog/${article.id}`} className="blog-card__link">
          {article.title}
        </Link>
      </h2>
      <p className="blog-card__excerpt">{article.excerpt}</p>
      <ul className="blog-tags" aria-label="Tags">
        {article.tags.slice(0, 4).map((tag) => (
          <li key={tag}>#{tag}</li>
        ))}
      </ul>
      <ArticleMeta article={article} />
    </article>
  );
}

function ArticleView({ article }: { article: BlogArticle }) {
  const navigate = useNavigate();
  return (
    <Container size="narrow" className="blog-article">
      <Button variant="ghost" size="sm" className="blog-article__back" onClick={() => navigate('/blog')}>
        <span aria-hidden="true">←</span> Back to Blog
      </Button>
      <Badge variant="secondary">{article.category}</Badge>
      <h1 className="blog-article__title">{article.title}</h1>
      <ArticleMeta article={article} />
      <p className="blog-article__lead">{article.excerpt}</p>
      <ArticleBody content={article.content} />
      <ul className="blog-tags" aria-label="Tags">
        {article.tags.map((tag) => (
          <li key={tag}>#{tag}</li>
        ))}
      </ul>
      <StayUpdated />
    </Container>
  );
}

export default function BlogPage() {
  const { articleId } = useParams();
  const notice = useSubscriptionNotice();
  const [search, setSearch] = useState('');
  const [category, categoryButtons] = useFilterButtons({
    legend: 'Category',
    options: BLOG_CATEGORIES,
    className: 'blog-categories',
  });

  if (articleId !== undefined) {
    const article = BLOG_ARTICLES.find((candidate) => candidate.id === articleId);
    if (!article) {
      return (
        <NotFoundScreen
          title="Article Not Found"
          message="The article you are looking for does not exist or has moved."
          action={
            <Link to="/blog" className={buttonClass()}>
              Back to Blog
            </Link>
          }
        />
      );
    }
    return (
      <SiteLayout>
        <title>{`${article.title} | G-Code Confidential`}</title>
        <ArticleView article={article} />
      </SiteLayout>
    );
  }

  const articles = filterArticles(BLOG_ARTICLES, search, category);

  return (
    <SiteLayout>
      <title>G-Code Confidential | PrintFarm Network</title>
      <PageHero
        className="blog-hero"
        eyebrow="The PrintFarm Network blog"
        title="G-Code Confidential"
        lead="Materials, pricing, equipment and operations: what we have learned running print farms, shared with operators in the network."
      />
      <Container className="blog-layout">
        {notice && (
          <div className={`blog-notice blog-notice--${notice.tone}`} role="status">
            <strong>{notice.title}.</strong> {notice.text}
          </div>
        )}
        <div className="blog-controls">
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <SearchInput
            id="blog-search"
            placeholder="Search articles..."
            query={[search, setSearch]}
            className="blog-controls__search"
          />
          {categoryButtons}
        </div>
        <div className="blog-columns">
          <div>
            {articles.length === 0 ? (
              <p className="blog-empty">No articles found matching your criteria.</p>
            ) : (
              <div className="blog-grid">
                {articles.map((article) => (
                  <ArticleCard key={article.id} article={article} />
                ))}
              </div>
            )}
          </div>
          <StayUpdated />
        </div>
      </Container>
    </SiteLayout>
  );
}
