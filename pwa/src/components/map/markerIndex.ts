// The map's side of the marker worker: one worker per map, and each call a promise of its answer.
import type { MarkerCall, MarkerCalls, MarkerRequest, MarkerResponse } from './markerProtocol.ts';

export interface MarkerIndex {
  call<K extends MarkerCall>(call: K, args: MarkerCalls[K]['args']): Promise<MarkerCalls[K]['result']>;
  dispose(): void;
}

export function createMarkerIndex(): MarkerIndex {
  const worker = new Worker(new URL('./markerWorker.ts', import.meta.url), {
    type: 'module',
    name: 'farm-markers',
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let seq = 0;
  const failAll = (message: string) => {
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
  };
  worker.onmessage = ({ data }: MessageEvent<MarkerResponse>) => {
    const waiting = pending.get(data.seq);
    if (!waiting) return;
    pending.delete(data.seq);
    if ('error' in data) waiting.reject(new Error(data.error));
    else waiting.resolve(data.result);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(event.message || 'The map could not start its marker worker');
  };
  return {
    call(call, args) {
      seq += 1;
      const request = { seq, call, args } as MarkerRequest;
      return new Promise((resolve, reject) => {
        pending.set(request.seq, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage(request);
      });
    },
    dispose() {
      // Answers still awaited are dropped with the map that asked for them.
      worker.terminate();
      pending.clear();
    },
  };
}
