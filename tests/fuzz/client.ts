// Sends the fuzz's requests over plain node:http (fetch would tidy up the paths and headers under test),
// a few at a time on kept-alive connections, and keeps what each answer says.
import { Agent, request } from 'node:http';

export interface Outgoing {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  cookie?: string;
}

export interface Answer {
  /** 0 when no answer came (the connection was cut or timed out). */
  status: number;
  contentType: string;
  text: string;
  error?: string;
  /** How long the answer took. */
  ms: number;
  /** The answer set a cookie (a sign-in or sign-out changes the caller's session). */
  setsCookie?: boolean;
}

const TIMEOUT_MS = 30_000;
const KEPT_TEXT = 64_000;

export function createClient(baseUrl: string, concurrency: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const base = new URL(baseUrl);

  function send(outgoing: Outgoing): Promise<Answer> {
    return new Promise((resolve) => {
      const headers: Record<string, string | number> = { ...outgoing.headers };
      if (outgoing.cookie) headers.cookie = outgoing.cookie;
      if (outgoing.body) headers['content-length'] = outgoing.body.length;
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      const failed = (error: Error) =>
        resolve({ status: 0, contentType: '', text: '', error: error.message, ms: ms() });
      // Host, port and path apart: a URL string would resolve '..' and '%2E%2E' before sending.
      const options = {
        host: base.hostname,
        port: base.port,
        path: outgoing.path,
        method: outgoing.method,
        headers,
        agent,
      };
      const req = request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', failed);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8').slice(0, KEPT_TEXT),
            ms: ms(),
            setsCookie: (res.headers['set-cookie'] ?? []).length > 0,
          }),
        );
      });
      req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
      req.on('error', failed);
      req.end(outgoing.body);
    });
  }

  /** Sends every item (`concurrency` at a time) and hands each answer to `onAnswer`, in any order. */
  async function sendAll<T>(
    items: readonly T[],
    toOutgoing: (item: T) => Outgoing,
    onAnswer: (item: T, answer: Answer) => void,
  ) {
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        onAnswer(item, await send(toOutgoing(item)));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  return { send, sendAll, close: () => agent.destroy() };
}

/** A 4xx answer's problem, if any: the API promises JSON with a string `message`. */
export function messageProblem(answer: Answer): string | undefined {
  if (!answer.contentType.includes('application/json')) return `content type '${answer.contentType}'`;
  try {
    const body = JSON.parse(answer.text) as { message?: unknown };
    return typeof body.message === 'string' && body.message.length > 0 ? undefined : 'no message';
  } catch {
    return 'body is not JSON';
  }
}
