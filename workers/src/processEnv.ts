// What the workers process is started with beyond its settings: whoever starts it (npm start, the
// tests and benchmarks that run it as a child, docker-compose) adds this to its environment.
//
// glibc's malloc is asked to back the memory it maps with transparent huge pages (on Linux with THP in
// `madvise` or `always` mode; elsewhere the setting does nothing). Analysing a model fills tens of MB of
// tables (welded vertices, edges, shells) in an order no prefetcher predicts: with 4 KB pages, a 100 MB
// STL costs about 10,400 page faults and a TLB miss on most table reads; with 2 MB pages, about 2,500
// faults, and a quarter less CPU for the analysis (ops/bench/geometry.ts runs both ways).
const HUGE_PAGES = 'glibc.malloc.hugetlb=1';

/** The workers' environment: `env` with glibc's huge-page tunable added to any it already sets. */
export function workersProcessEnv(env: NodeJS.ProcessEnv | Record<string, string>): Record<string, string> {
  const tunables = (env.GLIBC_TUNABLES ?? '').split(':').filter(Boolean);
  if (!tunables.some((tunable) => tunable.startsWith('glibc.malloc.hugetlb='))) tunables.push(HUGE_PAGES);
  return { ...(env as Record<string, string>), GLIBC_TUNABLES: tunables.join(':') };
}
