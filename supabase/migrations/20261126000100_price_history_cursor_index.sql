-- The pull pages every synced table by its (updated_at, id) cursor. listing_price_history grows with
-- the listings (about 1.7 rows each) but had no index for that order, so every page of a first
-- download sorted the whole table: 86 full sorts of 85,000 rows at 50,000 listings (bench:scale).
create index if not exists listing_price_history_updated_idx on public.listing_price_history (updated_at, id);
