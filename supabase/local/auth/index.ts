// GoTrue-compatible Auth (mounted at /auth/v1). Early increment: settings only; routes follow.
import { Hono } from 'hono';
import type { StackContext } from '../types';

export function authRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  app.get('/settings', (c) =>
    c.json({ external: { email: true }, disable_signup: false, mailer_autoconfirm: true, site_url: ctx.config.siteUrl }),
  );
  return app;
}
