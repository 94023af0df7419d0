// Bytes on the wire, counted where they really travel: a TCP relay in front of the app server and one in
// front of the API. The browser talks only to the relays, so every byte it receives is counted, whoever
// asked for it: the page, the sync worker (CDP's page session does not see a dedicated worker's fetches)
// and the service worker's precache. Each chunk is logged with its arrival time, so a figure can be read
// for any window ("before the first results"). The bytes are the responses as served (br where the
// server compresses), headers included.
import net from 'node:net';

interface Chunk {
  /** Date.now() when the chunk left the server side of the relay. */
  at: number;
  bytes: number;
  relay: string;
}

export interface WireMeter {
  /** Bytes sent to the browser between two Date.now() times (both inclusive), per relay and in all. */
  between(from: number, to: number): { total: number; byRelay: Record<string, number> };
  close(): Promise<void>;
}

/** Starts relays `listen -> target` for each entry (named by `relay`); all share one log. */
export async function startWireMeter(relays: { relay: string; listen: number; target: number }[]): Promise<WireMeter> {
  const log: Chunk[] = [];
  const sockets = new Set<net.Socket>();
  const servers = await Promise.all(
    relays.map(
      ({ relay, listen, target }) =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer((client) => {
            const upstream = net.connect(target, '127.0.0.1');
            sockets.add(client).add(upstream);
            upstream.on('data', (buf: Buffer) => log.push({ at: Date.now(), bytes: buf.length, relay }));
            client.pipe(upstream);
            upstream.pipe(client);
            const end = () => {
              client.destroy();
              upstream.destroy();
              sockets.delete(client);
              sockets.delete(upstream);
            };
            client.on('error', end).on('close', end);
            upstream.on('error', end).on('close', end);
          });
          server.once('error', reject);
          // Every local address: Chromium may reach "localhost" over IPv6.
          server.listen(listen, () => resolve(server));
        }),
    ),
  );
  return {
    between(from, to) {
      const byRelay: Record<string, number> = {};
      let total = 0;
      for (const c of log) {
        if (c.at < from || c.at > to) continue;
        byRelay[c.relay] = (byRelay[c.relay] ?? 0) + c.bytes;
        total += c.bytes;
      }
      return { total, byRelay };
    },
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}
