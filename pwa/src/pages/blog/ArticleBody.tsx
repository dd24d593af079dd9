// Renders an article's plain-text content: '## ' headings, '- ' lists, other blocks as paragraphs.
import type { ReactNode } from 'react';

export function ArticleBody({ content }: { content: string }) {
  const blocks = content.split(/\n\s*\n/);
  const rendered: ReactNode[] = [];
  blocks.forEach((block, index) => {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    let paragraph: string[] = [];
    let list: string[] = [];
    const flush = (key: string) => {
      if (paragraph.length > 0) rendered.push(<p key={`p-${key}`}>{paragraph.join(' ')}</p>);
      if (list.length > 0)
        rendered.push(
          <ul key={`ul-${key}`}>
            {list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>,
        );
      paragraph = [];
      list = [];
    };
    lines.forEach((line, lineIndex) => {
      const key = `${index}-${lineIndex}`;
      if (line.startsWith('## ')) {
        flush(key);
        rendered.push(<h2 key={`h-${key}`}>{line.slice(3)}</h2>);
      } else if (line.startsWith('- ')) {
        if (paragraph.length > 0) flush(`${key}-before`);
        list.push(line.slice(2));
      } else {
        if (list.length > 0) flush(`${key}-before`);
        paragraph.push(line);
      }
    });
    flush(`${index}-end`);
  });
  return <div className="blog-article__body">{rendered}</div>;
}
