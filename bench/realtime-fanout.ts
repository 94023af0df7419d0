// Realtime fan-out for `npm run bench:stack`: N websocket subscribers (each its own socket, the
// anon key, realtime-js's vsn 2.0.0 frames) listen to UPDATEs of one listing; its price is changed
// `changes` times and each event's delivery time is taken at every socket. The subscribers run in a
// child process of their own (the server is measured, not the bench's client); each change frame is
// stamped when its socket receives it and decoded after the round, since a thousand subscribers are a
// thousand devices decoding at once, not one process decoding them in series (with decodeInline, the
// frame is decoded on arrival instead, and that process's own queue adds to the tail).
import WebSocket from 'ws';

export interface FanoutJob {
  url: string;
  anonKey: string;
  serviceKey: string;
  subscribers: number;
  changes: number;
  /** Decode each change frame as it arrives (a realtime-js client's work) instead of after the round. */
  decodeInline?: boolean;
}

export interface FanoutResult {
  subscribers: number;
  p95Ms: number;
  delivered: number;
  expected: number;
}

const EVENT_WAIT_MS = 15_000;

/** The event field of a change push (a join reply or system message only names postgres_changes as a key or value). */
const PG_CHANGES = Buffer.from(',"postgres_changes",{');

/** A change frame as it reached one subscriber's socket (decoded after the round unless decoding inline). */
interface Arrival {
  at: number;
  frame: Buffer | null;
  price: number | null;
}

/** The price in a postgres_changes frame, or null for any other frame. */
function priceOf(frame: Buffer): number | null {
  const [, , , event, payload] = JSON.parse(frame.toString('utf8')) as [unknown, unknown, string, string, unknown];
  if (event !== 'postgres_changes') return null;
  const record = (payload as { data?: { record?: { price?: unknown } } }).data?.record;
  return typeof record?.price === 'number' ? record.price : null;
}

async function openSubscriber(
  job: FanoutJob,
  listingId: string,
  onArrival: (arrival: Arrival) => void,
): Promise<WebSocket> {
  const ws = new WebSocket(`${job.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${job.anonKey}&vsn=2.0.0`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const joined = new Promise<void>((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      const at = performance.now();
      // Change frames: stamped on arrival; decoded now, or after the round so that one process
      // decoding a thousand subscribers' frames in series does not queue up behind its own work.
      if (data.includes(PG_CHANGES)) {
        onArrival(job.decodeInline ? { at, frame: null, price: priceOf(data) } : { at, frame: data, price: null });
        return;
      }
      const [, ref, , event, payload] = JSON.parse(data.toString('utf8')) as [
        unknown,
        unknown,
        string,
        string,
        unknown,
      ];
      if (event === 'phx_reply' && ref === '1') {
        if ((payload as { status?: string }).status === 'ok') resolve();
        else reject(new Error(`join refused: ${JSON.stringify(payload)}`));
      }
    });
  });
  const config = {
    postgres_changes: [{ event: 'UPDATE', schema: 'public', table: 'vehicle_listings', filter: `id=eq.${listingId}` }],
  };
  ws.send(JSON.stringify(['1', '1', 'realtime:fanout', 'phx_join', { config }]));
  await joined;
  return ws;
}

async function api(job: FanoutJob, pathAndQuery: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(`${job.url}/rest/v1${pathAndQuery}`, {
    ...init,
    headers: {
      apikey: job.serviceKey,
      authorization: `Bearer ${job.serviceKey}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathAndQuery}: ${res.status}`);
  return res.status === 204 ? null : res.json();
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;

export async function runFanout(job: FanoutJob): Promise<FanoutResult> {
  const [listing] = (await api(job, '/vehicle_listings?select=id,price&status=eq.active&order=id&limit=1')) as {
    id: string;
    price: number;
  }[];
  const latencies: number[] = [];
  const sockets: WebSocket[] = [];
  let round: Arrival[] = [];
  const onArrival = (a: Arrival) => round.push(a);
  try {
    for (let i = 0; i < job.subscribers; i += 50) {
      const batch = Math.min(50, job.subscribers - i);
      sockets.push(
        ...(await Promise.all(Array.from({ length: batch }, () => openSubscriber(job, listing.id, onArrival)))),
      );
    }
    for (let k = 1; k <= job.changes; k++) {
      const price = listing.price + k;
      round = [];
      const sentAt = performance.now();
      await api(job, `/vehicle_listings?id=eq.${listing.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ price }),
        headers: { Prefer: 'return=minimal' },
      });
      const deadline = performance.now() + EVENT_WAIT_MS;
      while (round.length < job.subscribers && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      for (const a of round) {
        if ((a.frame ? priceOf(a.frame) : a.price) === price) latencies.push(a.at - sentAt);
      }
    }
  } finally {
    for (const ws of sockets) ws.terminate();
  }
  latencies.sort((a, b) => a - b);
  return {
    subscribers: job.subscribers,
    p95Ms: percentile(latencies, 0.95),
    delivered: latencies.length,
    expected: job.subscribers * job.changes,
  };
}
