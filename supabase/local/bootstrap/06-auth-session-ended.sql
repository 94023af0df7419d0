-- Every ended session (sign-out, password change, ban, refresh-token reuse, user deleted) is announced
-- on the channel auth_session_ended with its id, so Realtime can close the channels its tokens opened.
-- Idempotent: runs on every boot.
create or replace function auth.announce_session_ended() returns trigger
language plpgsql as $$
begin
  perform pg_notify('auth_session_ended', old.id::text);
  return old;
end $$;

revoke all on function auth.announce_session_ended() from public;

drop trigger if exists sessions_announce_ended on auth.sessions;
create trigger sessions_announce_ended after delete on auth.sessions
  for each row execute function auth.announce_session_ended();
