// Reads a Prometheus text exposition (GET /metrics) into samples a test can compare before and after.
export type Samples = Map<string, number>;

/** `name{a="x",b="y"}` with labels sorted, the key a sample is stored under. */
export function seriesKey(name: string, labels: Record<string, string> = {}): string {
  const pairs = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}="${value}"`);
  return pairs.length > 0 ? `${name}{${pairs.join(',')}}` : name;
}

export function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const [, name = '', rawLabels = '', value = ''] = match;
    const labels: Record<string, string> = {};
    for (const pair of rawLabels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] ?? ''] = pair[2] ?? '';
    samples.set(seriesKey(name, labels), Number(value));
  }
  return samples;
}

export async function scrape(url: string, token?: string): Promise<Samples> {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return parseMetrics(await response.text());
}

/** The sample's value, 0 when the series does not exist (yet). */
export function sample(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  return samples.get(seriesKey(name, labels)) ?? 0;
}

/** The names of every metric family present (histogram and summary parts folded into their family). */
export function familyNames(samples: Samples): Set<string> {
  return new Set(
    [...samples.keys()].map((key) => key.replace(/\{.*$/, '').replace(/_(bucket|sum|count)$/, '')),
  );
}

/** Every metric family an exposition declares (its `# TYPE` lines), whether or not it has samples yet. */
export async function declaredFamilies(url: string, token?: string): Promise<Set<string>> {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const text = await response.text();
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1] ?? ''));
}
