// Whether the Auth session behind a token still exists (GoTrue's /user asks the same): a token of a
// session that has ended (sign-out, password change or reset elsewhere, ban) joins nothing, and the
// channels it had joined are closed as soon as the session ends (auth_session_ended notices, see
// bootstrap/06-auth-session-ended.sql).
import type { Db, JwtClaims } from '../types';

const ENDED_CHANNEL = 'auth_session_ended';
/** How long an answer is reused (a missed notice still ends a session's joins within this). */
const ANSWER_TTL_MS = 30_000;
const MAX_ANSWERS = 10_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SESSION_ENDED = 'Session from session_id claim in JWT does not exist';

export class SessionWatch {
  private readonly answers = new Map<string, { alive: boolean; until: number }>();

  constructor(private readonly db: Db) {}

  /** Calls `onEnded(sessionId)` for every session that ends from now on; returns the unsubscribe. */
  listen(onEnded: (sessionId: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(ENDED_CHANNEL, (id) => {
      this.answers.set(id, { alive: false, until: Date.now() + ANSWER_TTL_MS });
      onEnded(id);
    });
  }

  /** False for a token whose session has ended; tokens without a session (API keys) have none to end. */
  async alive(claims: JwtClaims): Promise<boolean> {
    const id = claims.session_id;
    if (id === undefined) return true;
    if (typeof id !== 'string' || !UUID_RE.test(id)) return false;
    const known = this.answers.get(id);
    if (known && known.until > Date.now()) return known.alive;
    let alive = false;
    try {
      const { rows } = await this.db.query('select 1 from auth.sessions where id = $1', [id]);
      alive = rows.length > 0;
    } catch {
      return false; // unknown is not alive: refuse rather than guess
    }
    // A session never comes back: an end noticed while the query ran outranks its answer.
    if (this.answers.get(id)?.alive === false) return false;
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(id, { alive, until: Date.now() + ANSWER_TTL_MS });
    return alive;
  }
}
