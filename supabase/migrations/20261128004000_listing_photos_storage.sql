-- Issue 33: listing photos in Supabase Storage. Bucket `listing-photos`, public read; object paths
-- `{dealer_id}/{listing_id}/{name}`. Only members of that dealer write under its prefix, only for a listing
-- of that dealer, at most 20 photos a listing. JPEG/PNG/WebP up to 10 MB (the Storage API also checks the
-- bytes). Runs on hosted Supabase as is (schema storage is Supabase's own there).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('listing-photos', 'listing-photos', true, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- True when the caller is a member of the path's dealer and the path's listing is that dealer's.
-- Compared as text: a path segment that is not a uuid is simply "no", never a cast error.
create or replace function public.can_write_listing_photo(object_name text) returns boolean
language sql stable security definer set search_path = public, pg_temp as $$
  select object_name ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/[^/]+$'
    and coalesce((
      select true from public.vehicle_listings l
        join public.dealer_members m on m.dealer_id = l.dealer_id and m.user_id = auth.uid()
       where l.dealer_id::text = split_part(object_name, '/', 1)
         and l.id::text = split_part(object_name, '/', 2)
       limit 1), false)
$$;
revoke all on function public.can_write_listing_photo(text) from public, anon;
grant execute on function public.can_write_listing_photo(text) to authenticated, service_role;

create policy "Listing photos are public" on storage.objects
  for select to anon, authenticated using (bucket_id = 'listing-photos');
create policy "Dealer members add their listings' photos" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'listing-photos' and public.can_write_listing_photo(name));
create policy "Dealer members replace or move their listings' photos" on storage.objects
  for update to authenticated
  using (bucket_id = 'listing-photos' and public.can_write_listing_photo(name))
  with check (bucket_id = 'listing-photos' and public.can_write_listing_photo(name));
create policy "Dealer members remove their listings' photos" on storage.objects
  for delete to authenticated
  using (bucket_id = 'listing-photos' and public.can_write_listing_photo(name));

-- At most 20 photos per listing (the originals: resized variants are not objects). Serialised per listing
-- so two concurrent uploads cannot both take the 20th place.
create or replace function public.limit_listing_photos() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  folder text := split_part(new.name, '/', 1) || '/' || split_part(new.name, '/', 2) || '/';
  taken integer;
begin
  if new.bucket_id <> 'listing-photos' then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.bucket_id = new.bucket_id and starts_with(old.name, folder) then
    return new; -- replaced in place or renamed within its listing: no new place taken
  end if;
  perform pg_advisory_xact_lock(hashtext('listing-photos:' || folder));
  select count(*) into taken from storage.objects o
   where o.bucket_id = 'listing-photos' and starts_with(o.name, folder)
     and o.id <> new.id and o.name <> new.name;
  if taken >= 20 then
    raise exception 'A listing can have at most 20 photos'
      using errcode = '54000', hint = 'Remove a photo before adding another.';
  end if;
  return new;
end $$;
revoke all on function public.limit_listing_photos() from public, anon, authenticated;

create trigger listing_photos_limit before insert or update of name, bucket_id on storage.objects
  for each row execute function public.limit_listing_photos();
