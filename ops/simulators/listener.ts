// A simulator's listening socket that can go away and come back on the same port, as a printer does
// when its network drops or it is switched off. Closing also cuts the open connections, so clients
// see the outage at once instead of on their next request.
import type { Server, Socket } from 'node:net';

export interface Listener {
  readonly port: number;
  open(): Promise<void>;
  close(): Promise<void>;
}

export function listener(server: Server, port = 0): Listener {
  const sockets = new Set<Socket>();
  let current = port;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    get port() {
      return current;
    },
    open: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(current, '127.0.0.1', () => {
          server.off('error', reject);
          const address = server.address();
          if (address && typeof address === 'object') current = address.port;
          resolve();
        });
      }),
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
