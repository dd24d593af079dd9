// The MQTT broker inside a Bambu Lab printer: TLS with the printer's self-signed certificate, user
// bblp with the access code as password (CONNACK 4 otherwise). A restart of the broker is a new
// Aedes on the same port: clients are cut off and must reconnect and subscribe again.
import tls from 'node:tls';
import { Aedes, type AuthenticateError } from 'aedes';
import { type Listener, listener } from './listener.ts';

export interface BambuBroker {
  readonly listener: Listener;
  publish(topic: string, body: unknown): void;
  /** Starts a fresh broker on the same port, calling `onRequest` for what clients publish to `requestTopic`. */
  open(): Promise<void>;
  close(): Promise<void>;
}

export function bambuBroker(options: {
  key: string;
  cert: string;
  accessCode: string;
  port?: number;
  requestTopic: string;
  onRequest(payload: Buffer): void;
}): BambuBroker {
  let broker: Aedes | null = null;
  const server = tls.createServer({ key: options.key, cert: options.cert }, (socket) => {
    if (broker) broker.handle(socket);
    else socket.destroy();
  });
  const socketListener = listener(server, options.port);

  async function freshBroker(): Promise<Aedes> {
    const fresh = await Aedes.createBroker({
      authenticate(_client, username, password, done) {
        if (username === 'bblp' && password?.toString('utf8') === options.accessCode) return done(null, true);
        const refused = Object.assign(new Error('Bad username or password'), {
          returnCode: 4,
        }) as AuthenticateError;
        done(refused, false);
      },
    });
    await new Promise<void>((resolve) => {
      fresh.subscribe(
        options.requestTopic,
        (packet, delivered) => {
          options.onRequest(Buffer.from(packet.payload));
          delivered();
        },
        resolve,
      );
    });
    return fresh;
  }

  return {
    listener: socketListener,
    publish(topic, body) {
      const payload = Buffer.from(JSON.stringify(body));
      broker?.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => {});
    },
    async open() {
      broker = await freshBroker();
      await socketListener.open();
    },
    async close() {
      const closing = broker;
      broker = null;
      await socketListener.close();
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
  };
}
