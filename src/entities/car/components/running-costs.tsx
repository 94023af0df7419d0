import { useId } from 'react';
import {
  annualEnergyCost,
  plannedPerMileCharge,
  PER_MILE_CHARGE_2028,
  RUNNING_COST_DEFAULTS,
  ulezStatus,
  vedFor,
  type FuelType,
} from '@/domain/uk';
import { formatDate, formatGBP } from '@/shared/lib/format';
import { useCatalogueStore, runningCostMiles, MAX_ANNUAL_MILES, MIN_ANNUAL_MILES } from '../compare-store';

export interface RunningCostsProps {
  fuel: FuelType;
  co2: number;
  listPrice: number;
  firstRegistered: string;
  mpg: number | null;
  miPerKwh: number | null;
  /** Official electric-only range (plug-in hybrids): splits the year into electric and petrol miles. */
  evRangeMiles?: number | null;
  insuranceGroup: number | null;
  euroStandard?: number | null;
  /** Used cars: show what the buyer pays from now on rather than the new-car first-year rate. */
  used?: boolean;
  /** The signed-in user's annual mileage from their profile; used until they type one here. */
  profileAnnualMiles?: number | null;
}

/**
 * UK running costs: VED with the expensive car supplement, fuel or energy for the user's mileage, insurance
 * group, ULEZ.
 */
export function RunningCosts(p: RunningCostsProps) {
  const id = useId();
  const stored = useCatalogueStore((s) => s.annualMiles);
  const chosen = useCatalogueStore((s) => s.annualMilesChosen);
  const miles = runningCostMiles(stored, chosen, p.profileAnnualMiles);
  const setMiles = useCatalogueStore((s) => s.setAnnualMiles);
  const ved = vedFor({ co2: p.co2, fuel: p.fuel, listPrice: p.listPrice, firstRegistered: p.firstRegistered });
  const energy = annualEnergyCost({
    fuel: p.fuel,
    mpg: p.mpg,
    miPerKwh: p.miPerKwh,
    evRangeMiles: p.evRangeMiles,
    milesPerYear: miles,
  });
  const perMile2028 = plannedPerMileCharge(p.fuel, miles);
  const ulez = ulezStatus({ fuel: p.fuel, euroStandard: p.euroStandard, firstRegistered: p.firstRegistered });
  const priceNote =
    energy?.basis === 'fuel and electricity'
      ? `Charged at home for the electric share of its miles (${RUNNING_COST_DEFAULTS.homePencePerKwh.value}p/kWh), ` +
        `then ${RUNNING_COST_DEFAULTS.petrolPencePerLitre.value}p a litre at about ${Math.round(energy.realWorldEconomy)} mpg on petrol alone`
      : p.fuel === 'electric'
        ? `Mostly home charging at ${RUNNING_COST_DEFAULTS.homePencePerKwh.value}p/kWh (${formatDate(RUNNING_COST_DEFAULTS.homePencePerKwh.asOf)})`
        : `${p.fuel === 'diesel' ? RUNNING_COST_DEFAULTS.dieselPencePerLitre.value : RUNNING_COST_DEFAULTS.petrolPencePerLitre.value}p a litre (${formatDate(RUNNING_COST_DEFAULTS.petrolPencePerLitre.asOf)}), real-world economy`;
  return (
    <section className="cat-panel" aria-labelledby={`${id}-h`} data-testid="running-costs">
      <h2 id={`${id}-h`}>UK running costs</h2>
      <div className="cat-filter">
        <label htmlFor={`${id}-miles`} className="cat-filter__label">
          Miles you drive a year
        </label>
        <input
          id={`${id}-miles`}
          className="input"
          type="number"
          min={MIN_ANNUAL_MILES}
          max={MAX_ANNUAL_MILES}
          step={500}
          value={miles}
          onChange={(e) => setMiles(Number(e.target.value))}
        />
      </div>
      <dl className="cat-spec">
        {!p.used && (
          <div>
            <dt>VED first year</dt>
            <dd>{formatGBP(ved.firstYear)}</dd>
          </div>
        )}
        <div>
          <dt>VED a year{ved.estimate ? ' (estimate)' : ''}</dt>
          <dd>
            {formatGBP(ved.annual)}
            {ved.supplement > 0 ? ` + ${formatGBP(ved.supplement)}` : ''}
          </dd>
        </div>
        <div>
          <dt>
            {p.fuel === 'electric'
              ? 'Electricity a year'
              : energy?.basis === 'fuel and electricity'
                ? 'Fuel and electricity a year'
                : 'Fuel a year'}
          </dt>
          <dd>{energy ? formatGBP(energy.pounds) : 'Not known'}</dd>
        </div>
        <div>
          <dt>Insurance group</dt>
          <dd>{p.insuranceGroup ? `${p.insuranceGroup} of 50` : 'Not known'}</dd>
        </div>
        <div>
          <dt>London ULEZ</dt>
          <dd>{ulez.label}</dd>
        </div>
      </dl>
      <p className="cat-muted cat-small">
        {ved.supplement > 0 &&
          `Includes the expensive car supplement (list price over ${formatGBP(ved.threshold ?? 40000)}) in years 2 to 6. `}
        VED rates for {ved.taxYear}. {priceNote}.{' '}
        {ulez.compliant === false ? `Driving in the zone costs £${ulez.dailyCharge.toFixed(2)} a day. ` : ''}
        {perMile2028 > 0 &&
          `A per-mile charge of ${PER_MILE_CHARGE_2028.pencePerMile[p.fuel]}p is planned from April 2028: about ${formatGBP(perMile2028)} a year at your mileage.`}
      </p>
    </section>
  );
}
