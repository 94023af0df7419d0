// startStack: the embedded Supabase-compatible stack on one HTTP port (like `supabase start`'s
// gateway): /rest/v1, /auth/v1, /functions/v1, /mailbox/v1, realtime websocket, /api metrics, /health.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serve } from '@hono/node-server';
import type { RunningStack, StackConfig, StackContext, StartStackOptions } from './types';
import { buildConfig, DEFAULT_DATA_DIR } from './config';
import { openDb } from './db';
import { bootstrap } from './bootstrap';
import { createVerifier } from './jwt';
import { createSchemaHolder, restRoutes } from './rest';
import { metricsRoutes } from './api/metrics';
import { authRoutes } from './auth';
import { functionsRoutes } from './functions';
import { startWorkers } from './functions/workers';
import { createMailbox, mailboxRoutes } from './mailbox';
import { attachRealtime } from './realtime';
import { corsAllowList } from './http/cors';
import { compressResponses } from './http/compress';
import { storageService } from './storage';

function listen(app: Hono, port: number, hostname: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, () => resolve(server as Server)) as Server;
    server.once('error', reject);
  });
}

export async function startStack(opts: StartStackOptions = {}): Promise<RunningStack> {
  const log = (line: string) => {
    if (!opts.quiet) console.log(line);
  };
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  const db = await openDb(
    databaseUrl ? { databaseUrl } : { dataDir: opts.dataDir ?? DEFAULT_DATA_DIR, thread: opts.dbThread },
  );
  let config: StackConfig;
  try {
    await bootstrap(db, { seed: opts.seed !== false, log });
    config = await buildConfig({ ...opts, databaseUrl }, opts.port ?? 54321, db);
  } catch (err) {
    await db.close();
    throw err;
  }
  const mailbox = createMailbox(db, config);
  const ctx: StackContext = { db, config, mailbox, verifyJwt: createVerifier(config.jwtSecret) };
  const storage = await storageService(ctx, databaseUrl ? null : (opts.dataDir ?? DEFAULT_DATA_DIR));

  const app = new Hono();
  app.use('*', corsAllowList(config.allowedOrigins));
  app.use('*', compressResponses());
  // Before the 1 MiB body limit: uploads may be 10 MB (the Storage API caps and streams its own bodies).
  app.route('/storage/v1', storage.routes);
  app.use(
    '*',
    bodyLimit({
      maxSize: config.maxBodyBytes,
      // The unread rest of the body is still on the socket: close it rather than let the client reuse it.
      onError: (c) =>
        c.json(
          {
            code: 'PGRST413',
            message: 'Payload Too Large',
            details: `The request body is larger than ${config.maxBodyBytes} bytes`,
            hint: null,
          },
          413,
          { Connection: 'close' },
        ),
    }),
  );
  app.get('/health', (c) => c.json({ status: 'ok', db: db.kind }));
  app.route('/rest/v1', restRoutes(ctx, createSchemaHolder(ctx)));
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/functions/v1', functionsRoutes(ctx));
  if (config.localMailbox) app.route('/mailbox/v1', mailboxRoutes(ctx));
  app.route('/api', metricsRoutes(ctx));
  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' }, 404));
  app.onError((_err, c) =>
    c.json({ code: 'unexpected_failure', message: 'Something went wrong. Please try again.' }, 500),
  );

  let server: Server;
  try {
    server = await listen(app, opts.port ?? 54321, '127.0.0.1');
  } catch (err) {
    await db.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  config.port = port;
  config.apiUrl = `http://127.0.0.1:${port}`;

  const realtime = await attachRealtime(server, ctx);
  const workers = startWorkers(ctx);
  log(`Stack ready on ${config.apiUrl} (${db.kind})`);

  let closed: Promise<void> | null = null;
  return {
    url: config.apiUrl,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    jwtSecret: config.jwtSecret,
    db,
    mailbox,
    close: () =>
      (closed ??= (async () => {
        // Shutting down: each part closes even when the one before failed to.
        await workers.close().catch(() => undefined);
        await realtime.close().catch(() => undefined);
        server.closeAllConnections?.();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await db.close();
        await storage.close();
      })()),
  };
}
