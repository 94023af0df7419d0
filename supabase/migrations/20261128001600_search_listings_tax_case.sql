-- Server search (issue 32): listing_annual_tax with the pre-2017 bands as one CASE (the same figures as
-- 20261128001100): a VALUES lookup per row cost the tax filter most of its time over many rows.
create or replace function public.listing_annual_tax(fuel_type text, co2_gkm integer, registered date,
  list_price integer) returns integer
language sql immutable parallel safe as $$
  select case
    when fuel_type <> 'electric' and co2_gkm < 0 then null
    when registered < date '2017-04-01' then round(200.0 / 195 * case
      when registered < date '2001-03-01' then 220
      when fuel_type = 'electric' or co2_gkm <= 110 then 20
      when co2_gkm <= 120 then 35 when co2_gkm <= 130 then 165 when co2_gkm <= 140 then 195
      when co2_gkm <= 150 then 215 when co2_gkm <= 165 then 265 when co2_gkm <= 175 then 315
      when co2_gkm <= 185 then 345 when co2_gkm <= 200 then 395 when co2_gkm <= 225 then 430
      when co2_gkm <= 255 then 735 else 760 end)::integer
    else 200 + case
      when list_price > case when fuel_type = 'electric' and registered >= date '2025-04-01' then 50000 else 40000 end
       and (registered >= date '2026-04-01'
            or 2027 - extract(year from registered)::integer
               - case when registered > make_date(extract(year from registered)::integer, 4, 1) then 1 else 0 end <= 5)
      then 440 else 0 end
  end
$$;
