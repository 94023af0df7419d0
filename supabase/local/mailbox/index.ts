// Local dev inbox over HTTP (mounted at /mailbox/v1 only when the stack keeps mail locally), like
// Supabase's Inbucket. Every route answers to the service role only: the inbox holds recovery and
// confirmation codes, so reading it is as good as owning every account.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Db, Mailbox, StackConfig, StackContext } from '../types';
import { deliverMail } from '../../functions/_shared/mailer';
import { createMailbox as createStore } from './store';

/** Where the stack's own mail (auth codes, price alerts) goes: the local inbox or the real provider. */
export function createMailbox(db: Db, config: StackConfig): Mailbox {
  if (config.localMailbox) return createStore(db);
  return {
    async send(msg) {
      const env = { ...process.env, MAIL_TRANSPORT: process.env.MAIL_TRANSPORT || 'resend' };
      const { id } = await deliverMail(env, msg);
      return { ...msg, id, createdAt: new Date().toISOString() };
    },
    list: async () => [],
    clear: async () => undefined,
  };
}

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

/** GoTrue's answers: 401 without a usable key, 403 not_admin for any role but service_role. */
function denied(c: Context, role: string | null) {
  return role
    ? c.json({ code: 'not_admin', message: 'User not allowed' }, 403)
    : c.json({ code: 'no_authorization', message: 'This endpoint requires a valid service_role key' }, 401);
}

export function mailboxRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  const store = createStore(ctx.db);

  app.use('*', async (c, next) => {
    const role = await roleOf(c, ctx);
    if (role !== 'service_role') return denied(c, role);
    await next();
  });

  app.get('/messages', async (c) => {
    const to = c.req.query('to');
    return c.json(await store.list(to && to.trim() ? to.trim() : undefined));
  });

  app.get('/messages/:id', async (c) => {
    const id = c.req.param('id');
    const msg = UUID_RE.test(id) ? await store.get(id) : null;
    if (!msg) return c.json({ code: 'not_found', message: 'Message not found' }, 404);
    return c.json(msg);
  });

  app.post('/messages', async (c) => {
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
    await ctx.mailbox.clear();
    return c.body(null, 204);
  });

  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' }, 404));
  app.onError((_err, c) => c.json({ code: 'unexpected_failure', message: 'Mailbox error' }, 500));
  return app;
}
