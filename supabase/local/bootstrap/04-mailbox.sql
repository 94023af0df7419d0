-- Local dev inbox (like Supabase's Inbucket): e-mails the product sends land here and survive restarts.
-- Not in schema public, so PostgREST never exposes it; the stack reads it as the table owner.
create schema if not exists local_mailbox;

create table if not exists local_mailbox.messages (
  id uuid primary key default gen_random_uuid(),
  to_email text not null,
  from_email text not null,
  subject text not null,
  text_body text not null default '',
  html_body text not null default '',
  template text,
  created_at timestamptz not null default clock_timestamp()
);

create index if not exists messages_to_created_idx on local_mailbox.messages (lower(to_email), created_at desc);

revoke all on schema local_mailbox from public;
