// Local dev inbox over HTTP (mounted at /mailbox/v1), like Supabase's Inbucket.
// Reads: anon or service_role key. Writes and clearing: service_role only.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../types';
import { createMailbox as createStore } from './store';

export { createMailbox } from './store';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const messageSchema = z.object({
  to: z.email().max(320),
  from: z.string().trim().min(1).max(320).default('Motorly <no-reply@motorly.local>'),
  subject: z.string().min(1).max(1000),
  text: z.string().max(1_000_000).default(''),
  html: z.string().max(1_000_000).default(''),
  template: z.string().max(200).optional(),
});

function bearer(c: Context): string | null {
  const auth = c.req.header('authorization');
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim();
  return c.req.header('apikey') ?? null;
}

async function roleOf(c: Context, ctx: StackContext): Promise<string | null> {
  const token = bearer(c);
  if (!token) return null;
  try {
    return (await ctx.verifyJwt(token)).role;
  } catch {
    return null;
  }
}

function denied(c: Context, role: string | null) {
  return role
    ? c.json({ code: 'forbidden', message: 'This action needs the service_role key' }, 403)
    : c.json({ code: 'no_authorization', message: 'A valid API key is required' }, 401);
}

export function mailboxRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  const store = createStore(ctx.db);

  app.get('/messages', async (c) => {
    const role = await roleOf(c, ctx);
    if (role !== 'anon' && role !== 'service_role') return denied(c, role);
    const to = c.req.query('to');
    return c.json(await store.list(to && to.trim() ? to.trim() : undefined));
  });

  app.get('/messages/:id', async (c) => {
    const role = await roleOf(c, ctx);
    if (role !== 'anon' && role !== 'service_role') return denied(c, role);
    const id = c.req.param('id');
    const msg = UUID_RE.test(id) ? await store.get(id) : null;
    if (!msg) return c.json({ code: 'not_found', message: 'Message not found' }, 404);
    return c.json(msg);
  });

  app.post('/messages', async (c) => {
    const role = await roleOf(c, ctx);
    if (role !== 'service_role') return denied(c, role);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ code: 'bad_json', message: 'Body must be JSON' }, 400);
    }
    const parsed = messageSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json({ code: 'validation_failed', message: `${issue.path.join('.') || 'body'}: ${issue.message}` }, 400);
    }
    const msg = await ctx.mailbox.send(parsed.data);
    return c.json(msg, 201);
  });

  app.delete('/messages', async (c) => {
    const role = await roleOf(c, ctx);
    if (role !== 'service_role') return denied(c, role);
    await ctx.mailbox.clear();
    return c.body(null, 204);
  });

  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' }, 404));
  app.onError((_err, c) => c.json({ code: 'unexpected_failure', message: 'Mailbox error' }, 500));
  return app;
}
