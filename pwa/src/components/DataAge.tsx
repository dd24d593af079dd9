// How old a screen's data is: 'updated 5 min ago'. Online that is moments; offline, the service worker
// answers from its cache and this says how old that copy is (from the server's Date header).
import { useEffect, useState } from 'react';
import { dataAgeMs } from '../api/request.ts';
import { cx } from '../lib/cx.ts';

const MINUTE = 60_000;

export function formatAge(ms: number): string {
  if (ms < MINUTE) return 'just now';
  const minutes = Math.floor(ms / MINUTE);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

export function DataAge({ data, className }: { data: unknown; className?: string }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => tick((count) => count + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const age = dataAgeMs(data);
  if (age === null) return null;
  return <p className={cx('data-age', className)}>updated {formatAge(age)}</p>;
}
