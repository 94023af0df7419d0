// Phoenix websocket for realtime-js (/realtime/v1/websocket). Early increment: accepts sockets only.
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import type { StackContext } from '../types';

export async function attachRealtime(server: Server, ctx: StackContext): Promise<{ close(): Promise<void> }> {
  void ctx;
  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (req: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    if (!(req.url ?? '').startsWith('/realtime/v1/websocket')) return;
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);
  return {
    async close() {
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
