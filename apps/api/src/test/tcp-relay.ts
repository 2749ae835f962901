import net from 'node:net';

/**
 * A TCP relay in front of a server (PostgreSQL, say) that a test can take away: `cut` drops every
 * connection and refuses new ones, as a stopped server does; `blackHole` keeps accepting connections but
 * passes nothing on, as a server behind a lost network does; `restore` relays again on the same port.
 */
export interface TcpRelay {
  readonly port: number;
  /** `url` with its host and port replaced by the relay's. */
  urlFor(url: string): string;
  cut(): Promise<void>;
  blackHole(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  let passing = true;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (!passing) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      dropAll();
    });

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlFor(url) {
      const relayed = new URL(url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      return relayed.toString();
    },
    cut: stopListening,
    async blackHole() {
      await stopListening();
      passing = false;
      await listen(port);
    },
    async restore() {
      await stopListening();
      passing = true;
      await listen(port);
    },
    close: stopListening,
  };
}
