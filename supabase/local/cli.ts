// `npm run stack`: start the embedded stack (like `supabase start`) and keep it running.
// `npm run stack -- status [--json]`: print URLs and keys (like `supabase status`). The keys are the
// data directory's own (created on first use), or the demo keys with --demo-keys / STACK_DEMO_KEYS=1.
import pg from 'pg';
import type { Queryable } from './types';
import { DEFAULT_DATA_DIR, DEFAULT_PORT, buildConfig, localMailboxEnabled } from './config';

const args = process.argv.slice(2);
const port = Number(process.env.STACK_PORT ?? DEFAULT_PORT);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.STACK_DATA_DIR ?? DEFAULT_DATA_DIR;
const demoKeys = args.includes('--demo-keys') ? true : undefined;

async function isRunning(apiUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

function dbLabel(): string {
  if (!databaseUrl) return `PGlite (${dataDir})`;
  const u = new URL(databaseUrl);
  if (u.password) u.password = '***';
  return u.toString();
}

function printStatus(info: { apiUrl: string; anonKey: string; serviceRoleKey: string }, running: boolean | null): void {
  const rows: [string, string][] = [
    ['API URL', info.apiUrl],
    ['REST URL', `${info.apiUrl}/rest/v1`],
    ['Realtime URL', `${info.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket`],
    ['DB', dbLabel()],
    ...(localMailboxEnabled()
      ? [['Mailbox URL', `${info.apiUrl}/mailbox/v1/messages (service_role key)`] as [string, string]]
      : []),
    ['anon key', info.anonKey],
    ['service_role key', info.serviceRoleKey],
  ];
  if (running !== null) rows.unshift(['Status', running ? 'running' : 'not running (start it with `npm run stack`)']);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padStart(width)}: ${v}`);
}

/** The config as the stack sees it; a PostgreSQL store is read through a short-lived client. */
async function statusConfig() {
  if (!databaseUrl) return buildConfig({ dataDir, demoKeys }, port);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const db: Queryable = {
      async query<Row>(sql: string, params?: unknown[]) {
        const r = await client.query(sql, params);
        return { rows: r.rows as Row[], affectedRows: r.rowCount ?? 0, fields: [] };
      },
      async exec(sql: string) {
        await client.query(sql);
      },
    };
    return await buildConfig({ databaseUrl, demoKeys }, port, db);
  } finally {
    await client.end();
  }
}

async function status(): Promise<void> {
  const config = await statusConfig();
  const info = { apiUrl: config.apiUrl, anonKey: config.anonKey, serviceRoleKey: config.serviceRoleKey };
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify(info)}\n`);
    return;
  }
  printStatus(info, await isRunning(config.apiUrl));
}

async function start(): Promise<void> {
  const { startStack } = await import('./server');
  const stack = await startStack({ port, dataDir, databaseUrl, demoKeys, quiet: false });
  console.log('\nMotorly local stack is running.\n');
  printStatus({ apiUrl: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey }, null);
  console.log('\nPress Ctrl+C to stop.');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const command = args.find((a) => !a.startsWith('-')) ?? 'start';
try {
  if (command === 'status') await status();
  else if (command === 'start') await start();
  else {
    console.error(`Unknown command "${command}". Use: npm run stack [-- status [--json]] [--demo-keys]`);
    process.exit(2);
  }
} catch (err) {
  const code = (err as { code?: string }).code;
  if (code === 'EADDRINUSE')
    console.error(`Port ${port} is already in use: is the stack already running? (npm run stack -- status)`);
  else console.error(`The stack could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
