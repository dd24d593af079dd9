// The request @tus/server is handed: srvx's NodeRequest with a body that passes the socket's chunks on
// as they are. NodeRequest reads the body through Readable.toWeb, which copies every chunk into a new
// ArrayBuffer (to detach it from Node's buffer pool, for consumers that transfer it): for a 100 MB
// PATCH, 100 MB of copies and as much external memory for the garbage collector to reclaim. tus only
// reads the stream (into Readable.fromWeb and on to the store), so the copies buy nothing here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import { NodeRequest } from 'srvx/node';

/** The request body as a web stream of the chunks Node read, with back-pressure on the socket. */
export function requestBodyStream(req: IncomingMessage): ReadableStream<Uint8Array<ArrayBuffer>> {
  let controller!: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>;
  const onData = (chunk: Buffer<ArrayBuffer>) => {
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  req.pause();
  req.on('data', onData);
  const cleanup = finished(req, (error) => {
    cleanup();
    req.off('data', onData);
    // A stream that ended early (the client went away) errors the body, as Readable.toWeb does.
    if (error) controller.error(error);
    else controller.close();
  });
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      start(started) {
        controller = started;
      },
      pull() {
        req.resume();
      },
      cancel(reason) {
        req.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: req.readableHighWaterMark }),
  );
}

/** srvx's NodeRequest for a Node request, its body read with requestBodyStream. */
export function uploadRequest(context: { req: IncomingMessage; res: ServerResponse }): Request {
  const request = new NodeRequest(context);
  let body: ReadableStream<Uint8Array<ArrayBuffer>> | null | undefined;
  // An own property in front of NodeRequest's getter, which its other members read too.
  Object.defineProperty(request, 'body', {
    get() {
      if (body === undefined) {
        const method = context.req.method;
        body = method === 'GET' || method === 'HEAD' ? null : requestBodyStream(context.req);
      }
      return body;
    },
  });
  return request;
}
