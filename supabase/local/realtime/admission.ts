// What one client may hold open on the Realtime websocket: a token of bounded size (a channel keeps
// its token's claims for as long as it is joined, so an 800 KB token held by 200 channels held
// 240 MB), a bounded websocket message, and a bounded number of sockets per client address.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { clientAddress, trustedProxies } from '../client-address';

/** Supabase's free-plan cap on one Realtime message (a broadcast's payload). */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/** The largest token a socket or join accepts: Node's own header limit, so no larger one works anywhere. */
export const DEFAULT_MAX_TOKEN_BYTES = 16 * 1024;
export const DEFAULT_MAX_SOCKETS_PER_ADDRESS = 100;
/** Bytes of messages a socket may have waiting for their turn; past that it sends faster than it is served. */
export const MAX_QUEUED_BYTES = 1024 * 1024;

export interface RealtimeLimits {
  maxTokenBytes: number;
  maxSocketsPerAddress: number;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** REALTIME_MAX_SOCKETS_PER_IP and REALTIME_MAX_TOKEN_BYTES, read when the websocket is attached. */
export function realtimeLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RealtimeLimits {
  return {
    maxTokenBytes: positiveInt(env.REALTIME_MAX_TOKEN_BYTES, DEFAULT_MAX_TOKEN_BYTES),
    maxSocketsPerAddress: positiveInt(env.REALTIME_MAX_SOCKETS_PER_IP, DEFAULT_MAX_SOCKETS_PER_ADDRESS),
  };
}

/** Supabase's cap on the keys of one presence object. */
export const MAX_PRESENCE_KEYS = 10;
/** Ours on its size: a channel keeps its presence (and sends it to every joiner) while it is joined. */
export const MAX_PRESENCE_BYTES = 4 * 1024;

/** Why a presence `track` payload is refused, or null when it fits. */
export function presenceProblem(meta: Record<string, unknown>): string | null {
  if (Object.keys(meta).length > MAX_PRESENCE_KEYS) return `Presence object has more than ${MAX_PRESENCE_KEYS} keys`;
  if (Buffer.byteLength(JSON.stringify(meta), 'utf8') > MAX_PRESENCE_BYTES) {
    return `Presence object is larger than ${MAX_PRESENCE_BYTES} bytes`;
  }
  return null;
}

export const TOKEN_TOO_LARGE = 'Token is too large';

export function tokenTooLarge(token: string, limits: RealtimeLimits): boolean {
  // Characters first: a string of more characters than the cap has at least as many bytes.
  return token.length > limits.maxTokenBytes || Buffer.byteLength(token, 'utf8') > limits.maxTokenBytes;
}

/** Open sockets (and handshakes in progress) per client address. */
export class AddressSlots {
  private readonly open = new Map<string, number>();
  private readonly trusted = trustedProxies();

  constructor(private readonly max: number) {}

  /** The client address of an upgrade request (the same rules as every HTTP limit: client-address.ts). */
  addressOf(req: IncomingMessage): string {
    const forwarded = req.headers['x-forwarded-for'];
    return clientAddress(
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      req.socket.remoteAddress,
      this.trusted,
    );
  }

  /**
   * Takes a slot for `socket` from its address, given back when the socket closes (whatever closes
   * it: the client, a refused handshake, the server); false when the address has none left.
   */
  claim(address: string, socket: Duplex): boolean {
    const count = this.open.get(address) ?? 0;
    if (count >= this.max) return false;
    this.open.set(address, count + 1);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    });
    return true;
  }
}

/** Answers an upgrade request with an HTTP error in the shape the stack's Realtime uses, and closes it. */
export function refuseUpgrade(socket: Duplex, status: 403 | 429, message: string): void {
  const reason = status === 403 ? 'Forbidden' : 'Too Many Requests';
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
