// What the workers process is started with beyond its settings: whoever starts it (npm start, the
// tests and benchmarks that run it as a child, docker-compose) adds this to its environment.
//
// glibc's malloc is asked to back the memory it maps with transparent huge pages (on Linux with THP in
// `madvise` or `always` mode; elsewhere the setting does nothing). It cut a quarter of the analysis's
// CPU while its tables were typed arrays; they now live in WebAssembly memory, which V8 maps itself, and
// the bench (ops/bench/geometry.ts, which runs both ways) shows no difference for the analysis. The
// inspection's large typed arrays (the triangle soup, its search tree) are still malloc'd.
const HUGE_PAGES = 'glibc.malloc.hugetlb=1';

/** The workers' environment: `env` with glibc's huge-page tunable added to any it already sets. */
export function workersProcessEnv(env: NodeJS.ProcessEnv | Record<string, string>): Record<string, string> {
  const tunables = (env.GLIBC_TUNABLES ?? '').split(':').filter(Boolean);
  if (!tunables.some((tunable) => tunable.startsWith('glibc.malloc.hugetlb='))) tunables.push(HUGE_PAGES);
  return { ...(env as Record<string, string>), GLIBC_TUNABLES: tunables.join(':') };
}
