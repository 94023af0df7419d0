// BENCH_SCALE_NETLOG=1: each session tap's requests as the page's CDP session saw them, in start order, with
// when each started and finished after the tap's first request (ms): what a slow search waited for.
import type { CDPSession } from 'playwright';

interface Request {
  method: string;
  url: string;
  start: number;
  end?: number;
}

export function requestLog(cdp: CDPSession): { mark(): void; line(): string } {
  let requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (e) =>
    requests.set(e.requestId, { method: e.request.method, url: e.request.url, start: e.timestamp * 1000 }),
  );
  const finish = (e: { requestId: string; timestamp: number }) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp * 1000;
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', finish);
  return {
    mark: () => {
      requests = new Map();
    },
    line: () => {
      const rs = [...requests.values()];
      const t0 = Math.min(...rs.map((r) => r.start));
      const at = (ms: number | undefined) => (ms === undefined ? '?' : (ms - t0).toFixed(0));
      const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60);
      return rs.map((r) => `${r.method} ${path(r.url)} +${at(r.start)}..${at(r.end)}`).join(' | ');
    },
  };
}
