-- Issue 36: each model's wheelbase, so its pictures put the wheels where the real car has them.
alter table public.car_models add column if not exists wheelbase_mm integer check (wheelbase_mm between 1500 and 4500);
