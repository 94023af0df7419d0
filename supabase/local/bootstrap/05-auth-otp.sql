-- One-time tokens for every e-mail flow GoTrue has (signup confirmation, recovery, both sides of an
-- e-mail change) and a count of wrong codes, so a code is burnt after a few wrong tries.
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check check (token_type in (
  'confirmation_token', 'recovery_token', 'email_change_token_current', 'email_change_token_new'
));
alter table auth.one_time_tokens add column if not exists failed_attempts integer not null default 0;
create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens (relates_to, token_type);
