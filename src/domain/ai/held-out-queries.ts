/**
 * A second labelled set written after the parser existed and never used to change it: bench:ai
 * reports it beside the main set as an honest view of phrasings the parser was not shaped around.
 * Same conventions as labelled-queries.ts.
 */
import type { LabelledQuery } from './labelled-queries';

export const HELD_OUT_QUERIES: readonly LabelledQuery[] = [
  {
    query: 'cheapest automatic estate with under 60,000 miles',
    expected: { sort: 'price_asc', gearbox: 'automatic', bodyStyles: ['wagon'], maxMileage: 60000 },
  },
  {
    query: 'Looking for a used Toyota Corolla hybrid, 2021 or later',
    expected: { brands: ['Toyota'], models: ['Corolla'], fuelTypes: ['hybrid'], minYear: 2021 },
  },
  {
    query: 'need a big 7 seat SUV for less than 40 grand',
    expected: { seatsMin: 7, bodyStyles: ['suv'], budgetMax: 40000 },
  },
  { query: 'what can I get for £275 a month', expected: { monthlyBudgetMax: 275 } },
  {
    query: 'compact SUV, petrol, around £22k',
    expected: { bodyStyles: ['suv'], fuelTypes: ['petrol'], budgetMin: 17600, budgetMax: 26400 },
  },
  {
    query: 'EV under 25k with 200 mile range',
    expected: { fuelTypes: ['electric'], budgetMax: 25000, minRangeMiles: 200 },
  },
  {
    query: 'audi q5 diesel auto',
    expected: { brands: ['Audi'], models: ['Q5'], fuelTypes: ['diesel'], gearbox: 'automatic' },
  },
  { query: 'a car like the Skoda Karoq', expected: { similarTo: 'Karoq' } },
  { query: 'insurance group 8 or less', expected: { maxInsuranceGroup: 8 } },
  { query: 'road tax under 200 per year', expected: { maxAnnualTax: 200 } },
  {
    query: 'ULEZ OK petrol automatic under 7 grand',
    expected: { ulezCompliant: true, fuelTypes: ['petrol'], gearbox: 'automatic', budgetMax: 7000 },
  },
  { query: 'smallest cheapest electric car', expected: { sort: 'price_asc', fuelTypes: ['electric'] } },
  { query: 'Range Rover Sport', expected: { models: ['Range Rover Sport'] } },
  { query: 'nisan leaf', expected: { brands: ['Nissan'], models: ['Leaf'] } },
  { query: 'mazda cx5 or honda crv', expected: { brands: ['Mazda', 'Honda'], models: ['CX-5', 'CR-V'] } },
  { query: 'estate car for a family of six', expected: { bodyStyles: ['wagon'], seatsMin: 6 } },
  {
    query: 'manual hatch for a new driver under 6k',
    expected: { gearbox: 'manual', bodyStyles: ['hatchback'], maxInsuranceGroup: 10, budgetMax: 6000 },
  },
  {
    query: 'saloon with low insurance and cheap tax',
    expected: { bodyStyles: ['sedan'], maxInsuranceGroup: 15, maxAnnualTax: 200 },
  },
  { query: 'kia niro ev', expected: { brands: ['Kia'], models: ['Niro EV'] } },
  {
    query: 'volvo xc60 or xc90 hybrid',
    expected: { brands: ['Volvo'], models: ['XC60', 'XC90'], fuelTypes: ['hybrid'] },
  },
  {
    query: 'diesel 4x4 that can tow, 2018 on',
    expected: { fuelTypes: ['diesel'], bodyStyles: ['suv'], minYear: 2018 },
  },
  {
    query: 'electric hatchback under £300pm',
    expected: { fuelTypes: ['electric'], bodyStyles: ['hatchback'], monthlyBudgetMax: 300 },
  },
  { query: 'best rated hybrid estate', expected: { sort: 'score_desc', fuelTypes: ['hybrid'], bodyStyles: ['wagon'] } },
  { query: 'convertable mini', expected: { bodyStyles: ['convertible'], brands: ['Mini'] } },
  { query: 'Tesla Model Y under 35000', expected: { brands: ['Tesla'], models: ['Model Y'], budgetMax: 35000 } },
  { query: 'newest BMW electric', expected: { sort: 'newest', brands: ['BMW'], fuelTypes: ['electric'] } },
  { query: 'similar to a Ford Puma but hybrid', expected: { similarTo: 'Puma', fuelTypes: ['hybrid'] } },
  { query: 'under 3 years old with less than 15k miles', expected: { minYear: 2023, maxMileage: 15000 } },
  { query: 'cheap to run automatic for commuting', expected: { sort: 'running_cost_asc', gearbox: 'automatic' } },
  {
    query: 'hyundai or kia suv under £20,000',
    expected: { brands: ['Hyundai', 'Kia'], bodyStyles: ['suv'], budgetMax: 20000 },
  },
  { query: 'coupe or convertible, rear wheel drive', expected: { bodyStyles: ['coupe', 'convertible'] } },
  { query: 'Vauxhall Mokka electric', expected: { brands: ['Vauxhall'], models: ['Mokka Electric'] } },
  { query: '8 seats', expected: { seatsMin: 8 } },
  { query: 'diesel saloon 2019-2021', expected: { fuelTypes: ['diesel'], bodyStyles: ['sedan'], minYear: 2019 } },
  {
    query: 'hybrid 5 seater under 18k low mileage',
    expected: { fuelTypes: ['hybrid'], seatsMin: 5, budgetMax: 18000, sort: 'mileage_asc' },
  },
  { query: 'volkswagen id4 or skoda enyaq', expected: { brands: ['Volkswagen', 'Skoda'], models: ['ID.4', 'Enyaq'] } },
  { query: 'first car, cheap insurance, under £4000', expected: { maxInsuranceGroup: 10, budgetMax: 4000 } },
  {
    query: 'korean electric suv',
    expected: { brands: ['Genesis', 'Hyundai', 'Kia'], fuelTypes: ['electric'], bodyStyles: ['suv'] },
  },
  { query: 'Ford Kuga PHEV', expected: { brands: ['Ford'], models: ['Kuga'], fuelTypes: ['hybrid'] } },
  { query: 'no more than £250 a month on finance', expected: { monthlyBudgetMax: 250 } },
];
