// Contracts between the parts of the embedded Supabase-compatible stack (supabase/local).
// server.ts composes: rest/ (PostgREST subset), auth/ (GoTrue subset), realtime/ (Phoenix websocket),
// functions/ (runs supabase/functions/<name>), mailbox/ (local Inbucket-like inbox), api/ (metrics).

/** Result of one SQL statement. */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Rows affected by INSERT/UPDATE/DELETE (0 for SELECT if unknown). */
  affectedRows: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface QueryOptions {
  /**
   * Keep the statement prepared on the server, keyed by its text (PGlite; ignored on node-pg). Only
   * for generated statements of bounded shape whose result columns never change (the Data API's).
   */
  prepare?: boolean;
}

/** A connection-like handle; inside `transaction` every call runs in that one transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<Row>>;
  /** Runs several statements without parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
  /** `copy ... from stdin` with text-format lines (PostgreSQL transactions only: the bulk seed). */
  copyFrom?(sql: string, source: Iterable<string> | AsyncIterable<string>): Promise<number>;
}

/** The database behind the stack: PGlite (default) or a real PostgreSQL server (DATABASE_URL). */
export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** JWT claims as Supabase issues them. */
export interface JwtClaims {
  iss?: string;
  sub?: string;
  aud?: string;
  exp?: number;
  iat?: number;
  email?: string;
  phone?: string;
  role: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  aal?: string;
  amr?: { method: string; timestamp: number }[];
  session_id?: string;
  is_anonymous?: boolean;
}

export interface StackConfig {
  port: number;
  /** Public base URL of the API, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** Where the web app lives (links in e-mails), e.g. http://localhost:5173 */
  siteUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Access-token lifetime in seconds (default 3600). */
  jwtExpirySeconds: number;
  /** Max request body in bytes (default 1 MiB); larger -> 413. */
  maxBodyBytes: number;
  /** Mail lands in the local inbox (/mailbox/v1 mounted) rather than a real provider. */
  localMailbox: boolean;
  /** Origins CORS answers for (exact `scheme://host:port`); ['*'] only when configured so. */
  allowedOrigins: string[];
  /** statement_timeout of anon/authenticated Data API requests in ms (default 8000, like Supabase). */
  statementTimeoutMs: number;
}

export interface MailMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  template?: string;
  createdAt: string;
}

export interface Mailbox {
  send(msg: Omit<MailMessage, 'id' | 'createdAt'>): Promise<MailMessage>;
  list(to?: string): Promise<MailMessage[]>;
  clear(): Promise<void>;
}

/** What every part of the stack receives. */
export interface StackContext {
  db: Db;
  config: StackConfig;
  mailbox: Mailbox;
  /** Verifies a Bearer token (HS256, our secret); throws a PostgREST/GoTrue-style error otherwise. */
  verifyJwt(token: string): Promise<JwtClaims>;
}

export interface StartStackOptions {
  port?: number;
  /** PGlite data directory; default .data/pglite. Ignored when databaseUrl is set. */
  dataDir?: string;
  /** Use a real PostgreSQL server instead of PGlite (default: process.env.DATABASE_URL). */
  databaseUrl?: string;
  /** PGlite in its own worker thread (default) or on the server's thread (STACK_DB_THREAD=main). */
  dbThread?: 'worker' | 'main';
  siteUrl?: string;
  /** CORS allow-list (default: CORS_ALLOWED_ORIGINS, else the site URL's origin). */
  allowedOrigins?: string[];
  /** Data API statement timeout in ms (default: STATEMENT_TIMEOUT_MS, else 8000). */
  statementTimeoutMs?: number;
  jwtExpirySeconds?: number;
  /** Seed demo accounts and the catalogue on first boot (default true). */
  seed?: boolean;
  quiet?: boolean;
  /** Use the well-known demo JWT secret and keys (default: STACK_DEMO_KEYS=1); else the data's own. */
  demoKeys?: boolean;
  /** Local inbox on/off (default: on unless MAIL_TRANSPORT/RESEND_API_KEY or STACK_MAILBOX=off). */
  localMailbox?: boolean;
}

export interface RunningStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: Db;
  mailbox: Mailbox;
  close(): Promise<void>;
}
