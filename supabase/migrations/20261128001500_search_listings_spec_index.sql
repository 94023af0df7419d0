-- Server search (issue 32): body style and fuel, the marketplace's commonest pair of chips, keep their
-- listings newest first, so a capped count (or a page) over them walks only matching entries.
create index vehicle_listings_search_spec_idx on public.vehicle_listings (body_style, fuel_type, listed_at, id)
  where status <> 'sold';
