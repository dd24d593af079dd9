// Validates a process's environment against a valibot schema and lists every problem at once.
import * as v from 'valibot';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig<S extends v.GenericSchema>(schema: S, env: Env): v.InferOutput<S> {
  // Empty strings count as unset, so `FOO=` in a .env file falls back to the default.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(schema, cleaned);
  if (result.success) return result.output;
  throw new ConfigError(
    result.issues.map((issue) => {
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? '(root)';
      return `${key}: ${issue.message}`;
    }),
  );
}

const wholeNumber = (min: number) =>
  v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min));

/** Reusable field schemas for environment variables. */
export const envField = {
  port: (fallback: number) =>
    v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d+$/, 'must be a port number'),
        v.transform(Number),
        v.number(),
        v.minValue(0, 'must be a port number'),
        v.maxValue(65535, 'must be a port number'),
      ),
      String(fallback),
    ),
  int: (fallback: number, min = 0) => v.optional(wholeNumber(min), String(fallback)),
  /** A whole number when set; undefined when unset, so the code decides (a default that depends on others). */
  optionalInt: (min = 0) => v.optional(wholeNumber(min)),
  url: (fallback: string, protocols: string[]) =>
    v.optional(
      v.pipe(
        v.string(),
        v.url('must be a URL'),
        v.check(
          (value) => protocols.some((p) => value.startsWith(`${p}:`)),
          `must start with ${protocols.join(' or ')}`,
        ),
      ),
      fallback,
    ),
  bool: (fallback: boolean) =>
    v.optional(
      v.pipe(
        v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
        v.transform((value) => value === 'true' || value === '1'),
      ),
      fallback ? 'true' : 'false',
    ),
  /** true or false when set; undefined when unset, so the code decides (LOG_PRETTY follows the terminal). */
  optionalBool: () =>
    v.optional(
      v.pipe(
        v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
        v.transform((value) => value === 'true' || value === '1'),
      ),
    ),
  nodeEnv: () =>
    v.optional(
      v.picklist(['development', 'test', 'production'], 'must be development, test or production'),
      'development',
    ),
  list: () =>
    v.optional(
      v.pipe(
        v.string(),
        v.transform((value) =>
          value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      ),
      '',
    ),
};
