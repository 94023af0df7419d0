// Realtime fan-out for `npm run bench:stack`: N websocket subscribers (each its own socket, the
// anon key, realtime-js's vsn 2.0.0 frames) listen to UPDATEs of one listing; its price is changed
// `changes` times and each event's delivery time is taken at every socket.
import WebSocket from 'ws';

export interface FanoutJob {
  url: string;
  anonKey: string;
  serviceKey: string;
  subscribers: number;
  changes: number;
}

export interface FanoutResult {
  subscribers: number;
  p95Ms: number;
  delivered: number;
  expected: number;
}

const EVENT_WAIT_MS = 15_000;

async function openSubscriber(
  job: FanoutJob,
  listingId: string,
  onChange: (price: number) => void,
): Promise<WebSocket> {
  const ws = new WebSocket(`${job.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${job.anonKey}&vsn=2.0.0`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const joined = new Promise<void>((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      const [, ref, , event, payload] = JSON.parse(data.toString('utf8')) as [
        unknown,
        unknown,
        string,
        string,
        Record<string, unknown>,
      ];
      if (event === 'phx_reply' && ref === '1') {
        if ((payload as { status?: string }).status === 'ok') resolve();
        else reject(new Error(`join refused: ${JSON.stringify(payload)}`));
      } else if (event === 'postgres_changes') {
        const record = (payload.data as { record?: { price?: number } }).record;
        if (typeof record?.price === 'number') onChange(record.price);
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
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const seen = new Map<number, number>();
  const sockets: WebSocket[] = [];
  const onChange = (price: number) => {
    const t0 = sentAt.get(price);
    if (t0 === undefined) return;
    latencies.push(performance.now() - t0);
    seen.set(price, (seen.get(price) ?? 0) + 1);
  };
  try {
    for (let i = 0; i < job.subscribers; i += 50) {
      const batch = Math.min(50, job.subscribers - i);
      sockets.push(
        ...(await Promise.all(Array.from({ length: batch }, () => openSubscriber(job, listing.id, onChange)))),
      );
    }
    for (let k = 1; k <= job.changes; k++) {
      const price = listing.price + k;
      sentAt.set(price, performance.now());
      await api(job, `/vehicle_listings?id=eq.${listing.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ price }),
        headers: { Prefer: 'return=minimal' },
      });
      const deadline = performance.now() + EVENT_WAIT_MS;
      while ((seen.get(price) ?? 0) < job.subscribers && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
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
