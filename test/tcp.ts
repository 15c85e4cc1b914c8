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
 * A TCP proxy to 127.0.0.1:`targetPort` whose network can fail in two ways. cut(): nothing passes either
 * way, and heal() delivers what was held in order, as TCP does through a short partition. lose(): the
 * database host gone without a word (powered off, or a partition outlasting TCP's retries): the
 * connections open then, and those opened until heal(), never carry a byte again; new ones after heal() do.
 */
export async function cuttableProxy(targetPort: number): Promise<{
  port: number;
  cut: () => void;
  lose: () => void;
  heal: () => void;
  close: () => Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const lost = new WeakSet<Socket>();
  let losing = false;
  let held: [Socket, Buffer][] | null = null;
  const relay = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (lost.has(from)) return;
      if (held) held.push([to, chunk]);
      else to.write(chunk);
    });
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      if (losing) lost.add(socket);
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
    lose: () => {
      losing = true;
      for (const socket of sockets) lost.add(socket);
    },
    heal: () => {
      losing = false;
      const bytes = held ?? [];
      held = null;
      for (const [to, chunk] of bytes) to.write(chunk);
    },
    close: () => closing(server, sockets),
  };
}
