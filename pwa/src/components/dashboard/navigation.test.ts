import { describe, expect, it } from 'vitest';
import { isCurrentEntry, parseTab, SIDEBAR_SECTIONS } from './navigation.ts';

describe('dashboard sidebar', () => {
  it('marks the entry whose path and tab both match', () => {
    expect(isCurrentEntry('/dashboard', '/dashboard', '')).toBe(true);
    expect(isCurrentEntry('/dashboard', '/dashboard', '?tab=files')).toBe(false);
    expect(isCurrentEntry('/dashboard?tab=files', '/dashboard', '?tab=files')).toBe(true);
    expect(isCurrentEntry('/dashboard?tab=files', '/dashboard', '?tab=history')).toBe(false);
    expect(isCurrentEntry('/print-farms?tab=search', '/print-farms', '?tab=search')).toBe(true);
    expect(isCurrentEntry('/print-farms', '/print-farms', '?tab=search')).toBe(false);
  });

  it('lists every entry of the spec', () => {
    const hrefs = SIDEBAR_SECTIONS.flatMap((section) => section.entries.map((entry) => entry.href));
    expect(hrefs).toEqual([
      '/dashboard',
      '/dashboard?tab=upload',
      '/dashboard?tab=requests',
      '/dashboard?tab=files',
      '/dashboard?tab=history',
      '/print-farms',
      '/print-farms?tab=search',
      '/dashboard?tab=settings',
    ]);
  });

  it('accepts only known tabs', () => {
    expect(parseTab('files')).toBe('files');
    expect(parseTab('nope')).toBeNull();
    expect(parseTab(null)).toBeNull();
  });
});
