// GoTrue admin API (service_role only), used by tests and seeding: /admin/users[/:id].
import bcrypt from 'bcryptjs';
import { Hono, type Context } from 'hono';
import type { StackContext } from '../types';
import { AuthError, errorResponse } from './errors';
import { obj, readJson, requireServiceRole, str } from './http';
import { checkedMetadata, mergedMetadata } from './metadata';
import { MSG_INVALID_EMAIL, isValidEmail, weakPasswordError } from './password-policy';
import { afterPasswordChange } from './sessions';
import {
  USER_COLUMNS,
  UserUpdate,
  findUserByEmail,
  findUserById,
  insertUser,
  lockUserById,
  toUserJson,
  type UserRow,
} from './users';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BCRYPT_COST = 10;

/** "24h", "30m", "none" -> banned_until */
function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const m = /^(\d+(?:\.\d+)?)(h|m|s)$/.exec(duration);
  if (!m) throw new AuthError(400, 'validation_failed', 'Invalid ban_duration');
  const ms = Number(m[1]) * (m[2] === 'h' ? 3_600_000 : m[2] === 'm' ? 60_000 : 1000);
  return new Date(Date.now() + ms);
}

export function adminRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  const { db } = ctx;

  async function userOr404(id: string): Promise<UserRow> {
    const user = UUID_RE.test(id) ? await findUserById(db, id) : null;
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return user;
  }

  app.use('*', async (c, next) => {
    await requireServiceRole(c, ctx);
    await next();
  });

  app.post('/users', async (c) => {
    const body = await readJson(c);
    const email = (str(body, 'email') ?? '').trim().toLowerCase();
    const password = str(body, 'password');
    if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', MSG_INVALID_EMAIL);
    if (password !== undefined) {
      const problem = weakPasswordError(password);
      if (problem) throw problem;
    }
    if (await findUserByEmail(db, email)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    const user = await insertUser(db, {
      email,
      passwordHash: password ? await bcrypt.hash(password, BCRYPT_COST) : null,
      confirmed: body.email_confirm === true,
      userMetadata: checkedMetadata('user_metadata', obj(body, 'user_metadata') ?? obj(body, 'data') ?? {}),
      appMetadata: checkedMetadata('app_metadata', obj(body, 'app_metadata') ?? {}),
    });
    return c.json(toUserJson(user));
  });

  app.get('/users', async (c) => {
    const page = Math.max(1, Number.parseInt(c.req.query('page') || '1', 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(c.req.query('per_page') || '50', 10) || 50));
    const { rows } = await db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    const { rows: countRows } = await db.query<{ n: number | string }>(
      'select count(*)::int as n from auth.users where deleted_at is null',
    );
    const total = Number(countRows[0]?.n ?? 0);
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const base = `${ctx.config.apiUrl}/auth/v1/admin/users`;
    const links = [];
    if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header('x-total-count', String(total));
    c.header('link', links.join(', '));
    return c.json({ users: rows.map(toUserJson), aud: 'authenticated' });
  });

  app.get('/users/:id', async (c) => c.json(toUserJson(await userOr404(c.req.param('id')))));

  app.put('/users/:id', async (c) => {
    const user = await userOr404(c.req.param('id'));
    const body = await readJson(c);
    const update = new UserUpdate(user.id);
    const email = str(body, 'email');
    if (email !== undefined) {
      const normal = email.trim().toLowerCase();
      if (!isValidEmail(normal)) throw new AuthError(400, 'validation_failed', MSG_INVALID_EMAIL);
      const other = await findUserByEmail(db, normal);
      if (other && other.id !== user.id) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      // The admin API changes the address at once (as GoTrue's does) and drops any pending change.
      update
        .set('email = ?', normal)
        .raw("email_change = '', email_change_sent_at = null, email_change_confirm_status = 0");
    }
    const password = str(body, 'password');
    if (password !== undefined) {
      const problem = weakPasswordError(password);
      if (problem) throw problem;
      update.set('encrypted_password = ?', await bcrypt.hash(password, BCRYPT_COST));
    }
    if (body.email_confirm === true) update.raw('email_confirmed_at = coalesce(email_confirmed_at, now())');
    const userMeta = obj(body, 'user_metadata');
    if (userMeta) checkedMetadata('user_metadata', userMeta);
    const appMeta = obj(body, 'app_metadata');
    if (appMeta) checkedMetadata('app_metadata', appMeta);
    const ban = str(body, 'ban_duration');
    if (ban !== undefined) update.set('banned_until = ?', banUntil(ban)?.toISOString() ?? null);
    await db.transaction(async (tx) => {
      if (userMeta || appMeta) {
        const locked = await lockUserById(tx, user.id);
        if (userMeta) {
          const merged = mergedMetadata('user_metadata', locked?.raw_user_meta_data ?? null, userMeta);
          update.setMetadata('raw_user_meta_data', merged);
        }
        if (appMeta) {
          const merged = mergedMetadata('app_metadata', locked?.raw_app_meta_data ?? null, appMeta);
          update.setMetadata('raw_app_meta_data', merged);
        }
      }
      if (update.empty) return;
      await update.run(tx);
      // GoTrue's admin password change keeps no session (no session asked for it); a ban ends them all.
      if (password !== undefined) await afterPasswordChange(tx, user.id);
      else if (ban !== undefined && ban !== 'none')
        await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    });
    return c.json(toUserJson(await userOr404(user.id)));
  });

  app.delete('/users/:id', async (c) => {
    const user = await userOr404(c.req.param('id'));
    await db.query('delete from auth.users where id = $1', [user.id]);
    return c.json(toUserJson(user));
  });

  app.onError((err, c: Context) =>
    errorResponse(c, err instanceof AuthError ? err : new AuthError(500, 'unexpected_failure', 'Unexpected failure')),
  );
  return app;
}
