-- Server search (issue 32): public.search_listings answers one marketplace query, a page at a time.
--
--   search_listings(filters jsonb default '{}', sort text default 'relevance', after text default null,
--                   page_size integer default 20, include_counts boolean default true) returns jsonb
--
-- filters: the marketplace's URL keys (src/features/marketplace/market-filters.ts), typed as JSON:
--   postcode text, radius number (miles, > 0 and <= 500, needs postcode), make slug, model slug (needs
--   make), price_mode 'cash'|'monthly', price_min/price_max/monthly_max/year_min/year_max/mileage_max/
--   seats (minimum)/ins_max/tax_max whole numbers, body/fuel/colour arrays, gearbox text, ulez boolean,
--   dealer uuid. Sold listings never match (as on the device). An unknown key, a wrong type, an
--   out-of-range value, a malformed cursor or page_size outside 1..100 raise SQLSTATE 22023: a
--   PostgREST-style 400 {code, message, details, hint}. A postcode whose area is unknown is ignored and
--   reported in postcode_error, as the app does today.
-- sort: relevance | price-asc | price-desc | mileage | newest | reduction | distance. Every order ends
--   in the id, so it is total; the device can reproduce it from the row's own columns:
--     relevance   listed_at desc, id desc; with a postcode: distance band first (<=10, 25, 50, 100,
--                 further, unknown location), then listed_at desc, id desc
--     price-asc   price, id            price-desc  price desc, id desc
--     mileage     mileage, id          newest      year desc, id desc
--     reduction   price_reduction desc, listed_at desc, id desc (price_reduction: first price - price)
--     distance    distance_miles (rounded to 0.01) asc, listed_at desc, id desc, unknown location
--                 last; without a postcode it is relevance.
-- after: the previous page's next_cursor, or one the device builds from its last local row: base64url
--   of the JSON {"v":1,"sort":...,"g":group,"k":[sort key values...]} (g: the band/ring, 0 otherwise).
--
-- Returns {rows, next_cursor, total, total_is_estimate, facets, facets_are_estimates, postcode_error}:
--   rows: the card columns (no description), with distance_miles when a postcode is placed;
--   next_cursor: null on the last page; total: exact up to 5,000 matches on a large market (exact always
--   below 25,000 listings), beyond that estimated from a fixed block sample and flagged;
--   facets: {make: [{value, label, count}], body, fuel, gearbox: [{value, count}], price:
--   [{min, max, count}]}, each counted with every other filter applied (null when include_counts is
--   false). RLS applies: the function is SECURITY INVOKER and reads vehicle_listings as the caller.

-- Outcode centroids, the same as src/shared/lib/uk/outcodes.ts (tests/integration/search-listings.test.ts
-- keeps the two equal).
create table public.outcode_centroids (
  outcode text primary key check (outcode ~ '^[A-Z]{1,2}[0-9][A-Z0-9]?$'),
  lat double precision not null check (lat between -90 and 90),
  lng double precision not null check (lng between -180 and 180)
);
alter table public.outcode_centroids enable row level security;
create policy outcode_centroids_read_all on public.outcode_centroids for select to anon, authenticated using (true);
grant select on public.outcode_centroids to anon, authenticated;

insert into public.outcode_centroids (outcode, lat, lng) values
  ('WC1', 51.5214, -0.1217), ('WC2', 51.5133, -0.1235), ('EC1', 51.5229, -0.1014), ('EC2', 51.52, -0.0886), ('EC3', 51.5136, -0.0831), ('EC4', 51.5148, -0.1003),
  ('W1', 51.5145, -0.1422), ('SW1', 51.4956, -0.1386), ('SW1A', 51.5027, -0.1311), ('N1', 51.5372, -0.0965), ('NW1', 51.5325, -0.1429), ('SE1', 51.4984, -0.0895),
  ('E1', 51.5177, -0.0584), ('E14', 51.5062, -0.0186), ('E15', 51.5391, 0.0031), ('E17', 51.5862, -0.018), ('E20', 51.5386, -0.0164), ('N7', 51.5528, -0.1161),
  ('N17', 51.5979, -0.0709), ('NW3', 51.5518, -0.1709), ('NW10', 51.5395, -0.2464), ('SE10', 51.4816, -0.0009), ('SE15', 51.4719, -0.0647), ('SE18', 51.4839, 0.0741),
  ('SW3', 51.4897, -0.1648), ('SW11', 51.4663, -0.1643), ('SW19', 51.4228, -0.2034), ('W2', 51.5151, -0.1782), ('W4', 51.4912, -0.2627), ('W5', 51.5124, -0.3008),
  ('W11', 51.5119, -0.2042), ('CR0', 51.3722, -0.0746), ('EN1', 51.6536, -0.0671), ('EN3', 51.6585, -0.0379), ('RM1', 51.5818, 0.184), ('RM7', 51.5748, 0.1706),
  ('KT1', 51.4071, -0.2961), ('BR1', 51.4111, 0.0219), ('HA0', 51.5502, -0.3037), ('HA1', 51.5795, -0.3358), ('TW1', 51.4498, -0.3247), ('TW4', 51.4659, -0.3831),
  ('IG1', 51.5586, 0.0746), ('UB1', 51.5144, -0.3728), ('SM1', 51.366, -0.1913), ('DA1', 51.4464, 0.2092), ('GU1', 51.2426, -0.5644), ('GU21', 51.3201, -0.5777),
  ('GU14', 51.2925, -0.7608), ('RH1', 51.2368, -0.1562), ('RH10', 51.1172, -0.1581), ('BN1', 50.839, -0.1379), ('BN2', 50.8241, -0.103), ('BN21', 50.7723, 0.2765),
  ('TN1', 51.1349, 0.27), ('TN2', 51.1373, 0.2873), ('TN24', 51.1492, 0.8871), ('ME14', 51.2804, 0.5411), ('ME15', 51.2545, 0.5339), ('ME4', 51.3805, 0.5308),
  ('CT1', 51.2772, 1.0873), ('CT20', 51.079, 1.1655), ('RG1', 51.4537, -0.9694), ('RG2', 51.4266, -0.9542), ('RG14', 51.3996, -1.3214), ('RG24', 51.2809, -1.0708),
  ('RG12', 51.4066, -0.749), ('SL1', 51.5175, -0.6192), ('SL6', 51.5223, -0.7257), ('OX1', 51.7445, -1.2598), ('OX4', 51.7298, -1.2151), ('OX16', 52.0624, -1.3406),
  ('HP12', 51.6254, -0.7777), ('HP19', 51.8219, -0.8246), ('MK1', 52.0052, -0.7266), ('MK9', 52.0406, -0.7591), ('MK41', 52.1511, -0.4461), ('LU1', 51.8748, -0.4237),
  ('LU4', 51.8987, -0.4665), ('AL1', 51.7484, -0.3224), ('WD24', 51.6703, -0.3976), ('SG1', 51.911, -0.1942), ('SO14', 50.9081, -1.3955), ('SO15', 50.9163, -1.4238),
  ('SO23', 51.0677, -1.3077), ('PO1', 50.799, -1.0875), ('PO3', 50.8159, -1.0588), ('PO19', 50.8376, -0.7771), ('PO30', 50.6909, -1.3133), ('BH1', 50.7243, -1.8597),
  ('BH8', 50.7404, -1.8512), ('BH17', 50.7459, -1.9745), ('SP2', 51.0741, -1.8244), ('SP10', 51.2107, -1.4831), ('CB1', 52.1761, 0.1896), ('CB2', 52.1628, 0.1333),
  ('CB4', 52.2431, 0.1152), ('NR1', 52.6267, 1.3101), ('NR6', 52.6607, 1.2831), ('NR31', 52.5761, 1.7109), ('IP1', 52.0664, 1.1415), ('IP32', 52.2533, 0.718),
  ('PE1', 52.587, -0.2389), ('PE2', 52.5604, -0.2635), ('PE30', 52.7598, 0.4188), ('CM1', 51.7445, 0.4569), ('CM2', 51.7214, 0.4875), ('CO1', 51.8889, 0.9096),
  ('CO4', 51.9065, 0.9238), ('SS1', 51.537, 0.7328), ('SS2', 51.5499, 0.7177), ('SS14', 51.5751, 0.4752), ('B1', 52.4787, -1.9072), ('B2', 52.4787, -1.8969),
  ('B5', 52.4697, -1.8955), ('B6', 52.5039, -1.8851), ('B11', 52.4544, -1.8587), ('B15', 52.4662, -1.9235), ('B90', 52.4004, -1.8236), ('B69', 52.5021, -2.028),
  ('CV1', 52.4094, -1.506), ('CV6', 52.4319, -1.5072), ('CV21', 52.3677, -1.2744), ('CV31', 52.2782, -1.5236), ('WV1', 52.5857, -2.1151), ('WV10', 52.6172, -2.1123),
  ('WS1', 52.5795, -1.9779), ('WS2', 52.5885, -2.0015), ('DY1', 52.5165, -2.0958), ('LE1', 52.6338, -1.1281), ('LE4', 52.6634, -1.1231), ('LE11', 52.7693, -1.2158),
  ('NG1', 52.954, -1.147), ('NG7', 52.9578, -1.1752), ('NG18', 53.1377, -1.1837), ('NG31', 52.9142, -0.6391), ('DE1', 52.9199, -1.4749), ('DE14', 52.8046, -1.6395),
  ('DE24', 52.8902, -1.4515), ('LN1', 53.2588, -0.5862), ('LN6', 53.2032, -0.594), ('PE21', 52.9748, -0.022), ('S40', 53.2336, -1.4456), ('S41', 53.247, -1.4275),
  ('ST1', 53.0262, -2.1715), ('ST4', 52.9947, -2.1833), ('ST16', 52.8132, -2.1187), ('TF1', 52.7025, -2.5032), ('TF3', 52.664, -2.4436), ('SY1', 52.7228, -2.7404),
  ('WR1', 52.1971, -2.2166), ('WR4', 52.2044, -2.1844), ('HR1', 52.0642, -2.6696), ('HR4', 52.0878, -2.7663), ('GL1', 51.8599, -2.2396), ('GL2', 51.8464, -2.2671),
  ('GL50', 51.8997, -2.08), ('GL51', 51.8988, -2.1076), ('NN1', 52.2415, -0.8868), ('NN5', 52.2473, -0.9292), ('NN15', 52.3845, -0.7054), ('M1', 53.4773, -2.2351),
  ('M2', 53.48, -2.2426), ('M3', 53.4836, -2.2502), ('M4', 53.4846, -2.2291), ('M14', 53.4477, -2.2244), ('M17', 53.4691, -2.3179), ('M20', 53.4252, -2.2303),
  ('M60', 53.4864, -2.2276), ('SK1', 53.4074, -2.1504), ('SK3', 53.3984, -2.17), ('SK11', 53.2465, -2.1424), ('BL1', 53.59, -2.4442), ('BL3', 53.5649, -2.4319),
  ('WN1', 53.5541, -2.6265), ('WN5', 53.5314, -2.685), ('WA1', 53.3944, -2.5685), ('WA5', 53.3986, -2.6362), ('L1', 53.4025, -2.9793), ('L2', 53.407, -2.9884),
  ('L3', 53.4088, -2.9839), ('L13', 53.4174, -2.9194), ('L24', 53.3434, -2.8367), ('CH1', 53.2017, -2.9073), ('CH41', 53.394, -3.0302), ('CW1', 53.1028, -2.4347),
  ('PR1', 53.7578, -2.7008), ('PR2', 53.7775, -2.7072), ('PR9', 53.6597, -2.9686), ('BB1', 53.7563, -2.4627), ('FY1', 53.8155, -3.0451), ('FY4', 53.7914, -3.0278),
  ('LA1', 54.0466, -2.7989), ('LA9', 54.3256, -2.7427), ('CA1', 54.8854, -2.9105), ('CA2', 54.8842, -2.9494), ('OL1', 53.5494, -2.1057), ('OL8', 53.5261, -2.1162),
  ('OL11', 53.606, -2.1738), ('LS1', 53.7967, -1.5475), ('LS2', 53.8012, -1.546), ('LS6', 53.8193, -1.567), ('LS11', 53.7761, -1.5554), ('LS12', 53.7906, -1.5962),
  ('LS28', 53.8016, -1.669), ('BD1', 53.7955, -1.7525), ('BD4', 53.7757, -1.7177), ('BD23', 53.9926, -2.0534), ('HG1', 53.9998, -1.5331), ('HG2', 53.9872, -1.5257),
  ('YO1', 53.9586, -1.0809), ('YO30', 53.9858, -1.1139), ('YO12', 54.2736, -0.4227), ('S1', 53.3802, -1.4678), ('S9', 53.3979, -1.4164), ('S10', 53.3768, -1.5174),
  ('S11', 53.3615, -1.5056), ('S60', 53.4138, -1.347), ('S70', 53.5411, -1.4733), ('DN1', 53.5221, -1.1296), ('DN4', 53.5058, -1.1209), ('DN15', 53.6147, -0.6499),
  ('HU1', 53.7429, -0.3349), ('HU8', 53.7685, -0.299), ('HU17', 53.8466, -0.4266), ('WF1', 53.6868, -1.4912), ('HD1', 53.6464, -1.7882), ('HX1', 53.7211, -1.8697),
  ('DL7', 54.3376, -1.4847), ('NE1', 54.9726, -1.611), ('NE2', 54.987, -1.6046), ('NE6', 54.977, -1.5641), ('NE8', 54.9555, -1.6033), ('NE46', 54.9795, -2.1063),
  ('NE61', 55.1805, -1.6891), ('SR1', 54.907, -1.3792), ('SR5', 54.9233, -1.4242), ('DH1', 54.781, -1.5662), ('DL1', 54.5302, -1.5364), ('DL3', 54.5321, -1.5704),
  ('TS1', 54.5718, -1.2373), ('TS5', 54.5512, -1.2501), ('TS18', 54.5624, -1.3226), ('TS25', 54.6634, -1.2232), ('CF10', 51.4739, -3.1765), ('CF11', 51.4728, -3.1923),
  ('CF24', 51.4848, -3.1638), ('CF31', 51.5088, -3.5751), ('SA1', 51.6274, -3.9391), ('SA31', 51.8564, -4.3076), ('NP19', 51.5891, -2.9629), ('NP20', 51.5906, -3.0048),
  ('LL11', 53.0631, -3.0343), ('LL13', 53.0359, -2.959), ('LL30', 53.3181, -3.8151), ('LL57', 53.2072, -4.11), ('SY23', 52.3818, -4.0513), ('EH1', 55.9524, -3.1884),
  ('EH2', 55.9542, -3.1949), ('EH3', 55.9541, -3.1997), ('EH12', 55.9426, -3.2714), ('EH54', 55.8921, -3.524), ('G1', 55.8604, -4.2467), ('G2', 55.8638, -4.2549),
  ('G3', 55.8662, -4.2726), ('G52', 55.8477, -4.3482), ('G75', 55.7291, -4.1865), ('AB10', 57.1351, -2.1173), ('AB11', 57.1388, -2.0909), ('AB12', 57.101, -2.1106),
  ('DD1', 56.4611, -2.977), ('DD2', 56.4697, -3.0276), ('IV1', 57.4874, -4.2306), ('IV2', 57.4683, -4.1911), ('PH1', 56.4211, -3.4754), ('FK2', 56.005, -3.7546),
  ('FK7', 56.097, -3.9164), ('KA7', 55.4474, -4.6281), ('KA8', 55.4711, -4.6122), ('DG1', 55.0735, -3.5805), ('KY1', 56.1282, -3.1375), ('ML1', 55.7994, -3.9751),
  ('PA1', 55.8446, -4.4167), ('BS1', 51.4531, -2.593), ('BS4', 51.4344, -2.5611), ('BS8', 51.4575, -2.6204), ('BS23', 51.3427, -2.9707), ('BA1', 51.3911, -2.3593),
  ('BA2', 51.3596, -2.3763), ('BA21', 50.9511, -2.6336), ('EX1', 50.7254, -3.5048), ('EX2', 50.71, -3.5171), ('EX4', 50.7306, -3.5262), ('EX31', 51.0857, -4.0634),
  ('PL1', 50.3707, -4.1532), ('PL6', 50.4173, -4.1159), ('TR1', 50.2624, -5.0535), ('TA1', 51.0123, -3.102), ('TQ2', 50.474, -3.5433), ('SN1', 51.5569, -1.7735),
  ('SN3', 51.5613, -1.7432), ('DT1', 50.7109, -2.4405), ('BT1', 54.5994, -5.9284), ('BT7', 54.5816, -5.9236), ('BT9', 54.5718, -5.9489);

-- A typed postcode or outcode -> its centroid, as locatePostcode() does (sub-districts like WC2H fall
-- back to WC2). No row when it is not a postcode or its area is unknown; `error` says which.
create or replace function public.locate_postcode(input text, out outcode text, out lat double precision,
  out lng double precision, out error text)
language plpgsql stable set search_path = public, pg_temp as $$
declare
  compact text := upper(regexp_replace(coalesce(input, ''), '\s+', '', 'g'));
begin
  if length(compact) between 5 and 7 and left(compact, -3) ~ '^[A-Z]{1,2}[0-9][A-Z0-9]?$'
     and right(compact, 3) ~ '^[0-9][A-Z]{2}$' then
    outcode := left(compact, -3);
  elsif length(compact) between 2 and 7 and compact ~ '^[A-Z]{1,2}[0-9][A-Z0-9]?$' then
    outcode := compact;
  else
    error := 'invalid_postcode';
    return;
  end if;
  select c.lat, c.lng into lat, lng from public.outcode_centroids c where c.outcode = locate_postcode.outcode;
  if not found and outcode ~ '[A-Z]$' and length(outcode) > 2 then
    select c.lat, c.lng into lat, lng from public.outcode_centroids c where c.outcode = left(locate_postcode.outcode, -1);
  end if;
  if lat is null then error := 'unknown_outcode'; end if;
end $$;
