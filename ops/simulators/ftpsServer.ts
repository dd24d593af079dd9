// A minimal implicit-FTPS server (RFC 959 with RFC 4217's PBSZ/PROT, TLS from the first byte as on
// port 990) holding uploads in memory: the commands a client needs to log in and STOR a file through
// a passive (EPSV or PASV) TLS data connection, and nothing more.
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';

export interface FtpsServerOptions {
  key: string;
  cert: string;
  user: string;
  password: string;
  /** Called with each complete upload; a throw answers the client 550 with its message. */
  store(fileName: string, bytes: Uint8Array): void;
}

/** A data connection waiting for its client, opened by EPSV/PASV and used by the next STOR. */
function passiveData(
  options: FtpsServerOptions,
): Promise<{ port: number; socket: Promise<tls.TLSSocket>; close(): void }> {
  const server = tls.createServer({ key: options.key, cert: options.cert });
  const socket = new Promise<tls.TLSSocket>((resolve) => {
    server.once('secureConnection', (accepted) => {
      server.close();
      resolve(accepted);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ port, socket, close: () => server.close() });
    });
  });
}

function receive(socket: tls.TLSSocket): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('end', () => resolve(Buffer.concat(chunks)));
    socket.once('error', reject);
  });
}

export function implicitFtpsServer(options: FtpsServerOptions): tls.Server {
  return tls.createServer({ key: options.key, cert: options.cert }, (control) => {
    let user: string | null = null;
    let loggedIn = false;
    let data: Awaited<ReturnType<typeof passiveData>> | null = null;
    let pending = '';
    let queue = Promise.resolve();
    const reply = (line: string) => control.writable && control.write(`${line}\r\n`);

    async function command(line: string): Promise<void> {
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'USER':
          user = argument;
          return void reply('331 Password required');
        case 'PASS':
          loggedIn = user === options.user && argument === options.password;
          return void reply(loggedIn ? '230 Logged in' : '530 Login incorrect');
        case 'QUIT':
          reply('221 Goodbye');
          return void control.end();
        case 'FEAT':
          return void reply('211-Features:\r\n EPSV\r\n PASV\r\n PBSZ\r\n PROT\r\n UTF8\r\n211 End');
      }
      if (!loggedIn) return void reply('530 Please log in');
      switch (verb.toUpperCase()) {
        case 'TYPE':
        case 'STRU':
        case 'OPTS':
          return void reply('200 OK');
        case 'PBSZ':
          return void reply('200 PBSZ=0');
        case 'PROT':
          return void reply(
            argument === 'P' ? '200 Protection set to Private' : '536 Only PROT P is supported',
          );
        case 'PWD':
          return void reply('257 "/" is the current directory');
        case 'EPSV':
        case 'PASV': {
          data?.close();
          data = await passiveData(options);
          const { port } = data;
          return void reply(
            verb.toUpperCase() === 'EPSV'
              ? `229 Entering Extended Passive Mode (|||${port}|)`
              : `227 Entering Passive Mode (127,0,0,1,${port >> 8},${port & 255})`,
          );
        }
        case 'STOR': {
          if (!data) return void reply('425 Use EPSV or PASV first');
          const transfer = data;
          data = null;
          reply('150 Opening data connection');
          const bytes = await receive(await transfer.socket);
          try {
            options.store(argument.replace(/^.*\//, ''), bytes);
            return void reply('226 Transfer complete');
          } catch (error) {
            return void reply(`550 ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        default:
          return void reply('502 Command not implemented');
      }
    }

    reply('220 Simulated printer FTPS ready');
    control.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      let end = pending.indexOf('\r\n');
      while (end >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        // One command at a time, in order, as the protocol's replies must be.
        queue = queue
          .then(() => command(line))
          .catch(() => {
            control.destroy();
          });
        end = pending.indexOf('\r\n');
      }
    });
    control.on('close', () => data?.close());
    control.on('error', () => control.destroy());
  });
}
