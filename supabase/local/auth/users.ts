// auth.users access and the GoTrue user JSON shape.
import type { Queryable } from '../types';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  phone: string | null;
  confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  banned_until: Date | string | null;
  deleted_at: Date | string | null;
  is_anonymous: boolean | null;
  confirmation_sent_at: Date | string | null;
  /** The pending new address of an e-mail change ('' or null when none). */
  email_change: string | null;
  email_change_sent_at: Date | string | null;
  /** 0: no side of a pending e-mail change confirmed yet; 1: one side confirmed. */
  email_change_confirm_status: number | null;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, confirmed_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, deleted_at,
  is_anonymous, confirmation_sent_at, email_change, email_change_sent_at, email_change_confirm_status`;

function iso(value: Date | string | null): string | null {
  if (value == null) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString();
}

export function appMetadata(row: UserRow): Record<string, unknown> {
  return { provider: 'email', providers: ['email'], ...(row.raw_app_meta_data ?? {}) };
}

/** The user object GoTrue returns (and auth-js types as User). */
export function toUserJson(row: UserRow): Record<string, unknown> {
  const email = row.email ?? '';
  const identityId = row.id;
  return {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email,
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: row.phone ?? '',
    confirmed_at: iso(row.confirmed_at ?? row.email_confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: appMetadata(row),
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [
      {
        identity_id: identityId,
        id: row.id,
        user_id: row.id,
        identity_data: { email, email_verified: row.email_confirmed_at != null, phone_verified: false, sub: row.id },
        provider: 'email',
        last_sign_in_at: iso(row.last_sign_in_at),
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
        email,
      },
    ],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: row.is_anonymous ?? false,
    // GoTrue omits these when empty.
    ...(row.confirmation_sent_at ? { confirmation_sent_at: iso(row.confirmation_sent_at) } : {}),
    ...(row.email_change ? { new_email: row.email_change, email_change_sent_at: iso(row.email_change_sent_at) } : {}),
  };
}

/**
 * What sign-up answers for an address that already has an account when confirmations are on
 * (GoTrue's sanitizeUser): a fresh random id, no identities, no session, nothing real.
 */
export function obfuscatedUserJson(email: string, userMetadata: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** One `update auth.users` built from the changes a request asks for (Auth's PUT /user and the admin API). */
export class UserUpdate {
  private readonly sets: string[] = [];
  private readonly params: unknown[];

  constructor(userId: string) {
    this.params = [userId];
  }

  /** `sql` holds one `?` for the value, e.g. "email = ?". */
  set(sql: string, value: unknown): this {
    this.params.push(value);
    this.sets.push(sql.replace('?', `$${this.params.length}`));
    return this;
  }

  /** A change without a value, e.g. "email_confirmed_at = coalesce(email_confirmed_at, now())". */
  raw(sql: string): this {
    this.sets.push(sql);
    return this;
  }

  /** Replaces raw_user_meta_data / raw_app_meta_data (merged and size-checked by the caller, see metadata.ts). */
  setMetadata(column: 'raw_user_meta_data' | 'raw_app_meta_data', data: Record<string, unknown>): this {
    return this.set(`${column} = ?::jsonb`, JSON.stringify(data));
  }

  get empty(): boolean {
    return this.sets.length === 0;
  }

  async run(db: Queryable): Promise<void> {
    if (this.empty) return;
    await db.query(`update auth.users set ${this.sets.join(', ')}, updated_at = now() where id = $1`, this.params);
  }
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null limit 1`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0] ?? null;
}

/** The user's row, locked until the transaction ends (a read-merge-write of its metadata). */
export async function lockUserById(tx: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null for update`,
    [id],
  );
  return rows[0] ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  confirmed: boolean;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
}

export async function insertUser(db: Queryable, u: NewUser): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, $2,
       case when $3::boolean then now() else null end, $4::jsonb, $5::jsonb, false, now(), now(), false)
     returning ${USER_COLUMNS}`,
    [
      u.email.toLowerCase(),
      u.passwordHash,
      u.confirmed,
      JSON.stringify({ provider: 'email', providers: ['email'], ...u.appMetadata }),
      JSON.stringify(u.userMetadata),
    ],
  );
  return rows[0];
}

export function isBanned(row: UserRow): boolean {
  if (!row.banned_until) return false;
  const until = row.banned_until instanceof Date ? row.banned_until : new Date(row.banned_until);
  return until.getTime() > Date.now();
}
