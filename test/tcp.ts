import { type AddressInfo, createServer, connect, type Server, type Socket } from 'node:net';

const listening = (server: Server) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

const closing = (server: Server, sockets: Set<Socket>) =>
  new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });

/**
 * A database host that takes connections and never answers: what a server behind a cut network or a
 * hung machine looks like, with no packet leaving this machine.
 */
export async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  const port = await listening(server);
  return { port, close: () => closing(server, sockets) };
}

/**
 * A TCP proxy to 127.0.0.1:`targetPort` whose network can be cut: while cut, nothing passes either way
 * (bytes are held, as TCP keeps them through a partition), and heal() delivers them in order.
 */
export async function cuttableProxy(targetPort: number): Promise<{
  port: number;
  cut: () => void;
  heal: () => void;
  close: () => Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let held: [Socket, Buffer][] | null = null;
  const relay = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => (held ? held.push([to, chunk]) : to.write(chunk)));
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  const port = await listening(server);
  return {
    port,
    cut: () => {
      held ??= [];
    },
    heal: () => {
      const bytes = held ?? [];
      held = null;
      for (const [to, chunk] of bytes) to.write(chunk);
    },
    close: () => closing(server, sockets),
  };
}
