import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useProfile } from '@/data/preferences';
import { useCatalogueModels, useComparableListings, type CarModelRow } from '@/data/catalogue';
import { formatGBP } from '@/shared/lib/format';
import { setPartExchange, usePartExchange } from '@/domain/part-exchange';
import { href } from '@/shared/lib/routes';
import {
  CAR_CONDITIONS,
  CONDITION_LABELS,
  VALUATION_EXPLANATION,
  describeProductionYears,
  expectedMilesForAge,
  notMadeReason,
  parsePlate,
  parseProductionSpans,
  valueCar,
  yearFromInput,
  type CarCondition,
  type Valuation,
} from '@/domain/uk';
import { Button, Card, Field, Input, LoadingBlock, PageHeader, Select, toast } from '@/shared/ui';
import { PriceMethodNote, runningCostMiles, useCatalogueStore } from '@/entities/car';

interface Submitted {
  model: CarModelRow;
  makeName: string;
  year: number;
  mileage: number;
  condition: CarCondition;
  registration?: string;
}

type Errors = Partial<Record<'make' | 'model' | 'year' | 'mileage', string>>;

const MAX_MILEAGE = 300_000;

export function ValuationScreen({ now = new Date() }: { now?: Date }) {
  const basics = useCatalogueModels();
  const [makeId, setMakeId] = useState('');
  const [modelId, setModelId] = useState('');
  const [yearText, setYearText] = useState('');
  const [mileageText, setMileageText] = useState('');
  const [condition, setCondition] = useState<CarCondition>('good');
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const comparables = useComparableListings(
    submitted ? { carModelId: submitted.model.id, year: submitted.year, mileage: submitted.mileage } : undefined,
  );
  const listings = comparables?.value;
  const currentYear = now.getFullYear();
  // The same annual mileage running costs use: a panel's typed figure, else the profile's, else the default.
  const profile = useProfile();
  const storedMiles = useCatalogueStore((s) => s.annualMiles);
  const milesChosen = useCatalogueStore((s) => s.annualMilesChosen);
  const annualMiles = runningCostMiles(storedMiles, milesChosen, profile?.annual_mileage);

  const models = useMemo(
    () =>
      (basics?.models ?? []).filter((m) => m.brand_id === makeId).sort((a, b) => a.name.localeCompare(b.name, 'en-GB')),
    [basics, makeId],
  );
  const valuation: Valuation | undefined = useMemo(
    () =>
      submitted && listings
        ? valueCar(
            {
              carModelId: submitted.model.id,
              year: submitted.year,
              mileage: submitted.mileage,
              condition: submitted.condition,
            },
            listings,
          )
        : undefined,
    [submitted, listings],
  );

  if (!basics) return <LoadingBlock />;

  const chosenModel = models.find((m) => m.id === modelId);
  const chosenSpans = parseProductionSpans(chosenModel?.production_years);
  const chosenName = chosenModel ? `${basics.brandById.get(makeId)?.name ?? ''} ${chosenModel.name}`.trim() : '';
  const typedYear = yearFromInput(yearText, currentYear);
  const mileageHint =
    typedYear !== null
      ? `A ${typedYear} car at ${annualMiles.toLocaleString('en-GB')} miles a year has done about ` +
        `${expectedMilesForAge(currentYear - typedYear + 0.5, annualMiles).toLocaleString('en-GB')}.`
      : undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const model = models.find((m) => m.id === modelId);
    const make = basics.brandById.get(makeId);
    if (!make) next.make = 'Choose the make';
    if (!model) next.model = 'Choose the model';
    const year = yearFromInput(yearText, currentYear);
    if (year === null) next.year = 'Enter a year (e.g. 2019), a plate age identifier (e.g. 69) or the registration';
    // A model and year that never existed cannot be valued: say when the model was sold instead.
    const neverMade =
      model && make && year !== null
        ? notMadeReason(`${make.name} ${model.name}`, year, parseProductionSpans(model.production_years))
        : null;
    if (neverMade) next.year = neverMade;
    const mileage = Number(mileageText.replace(/[,\s]/g, ''));
    if (mileageText.trim() === '' || !Number.isInteger(mileage) || mileage < 0 || mileage > MAX_MILEAGE)
      next.mileage = `Enter the mileage as a whole number from 0 to ${MAX_MILEAGE.toLocaleString('en-GB')}`;
    setErrors(next);
    if (Object.keys(next).length > 0 || !model || !make || year === null) return;
    const plate = parsePlate(yearText);
    setSubmitted({ model, makeName: make.name, year, mileage, condition, registration: plate?.formatted });
    // On a phone the answer is below the form: bring it into view (no-op when it already is).
    requestAnimationFrame(() => resultRef.current?.scrollIntoView({ block: 'nearest' }));
  };

  return (
    <div className="container page valuation">
      <PageHeader
        title="Value my car"
        intro="What your car is worth today, worked out from similar cars for sale on Motorly. Free, instant, and it works offline."
      />
      <div className="valuation__layout">
        <Card>
          <form className="valuation__form" onSubmit={onSubmit} noValidate aria-label="Your car">
            <Field label="Make" error={errors.make}>
              <Select
                value={makeId}
                placeholder="Choose a make"
                options={basics.brands.map((b) => ({ value: b.id, label: b.name }))}
                onChange={(e) => {
                  setMakeId(e.target.value);
                  setModelId('');
                }}
              />
            </Field>
            <Field label="Model" error={errors.model}>
              <Select
                value={modelId}
                disabled={!makeId}
                placeholder={makeId ? 'Choose a model' : 'Choose a make first'}
                options={models.map((m) => ({ value: m.id, label: m.name }))}
                onChange={(e) => setModelId(e.target.value)}
              />
            </Field>
            <Field
              label="Year or plate"
              hint={
                chosenSpans
                  ? `e.g. 2019, 69 or AB69 CDE. The ${chosenName} was sold ${describeProductionYears(chosenSpans)}.`
                  : "e.g. 2019, 69 (the plate's age identifier) or AB69 CDE"
              }
              error={errors.year}
            >
              <Input value={yearText} onChange={(e) => setYearText(e.target.value)} autoComplete="off" maxLength={10} />
            </Field>
            <Field label="Mileage" hint={mileageHint} error={errors.mileage}>
              <Input
                value={mileageText}
                onChange={(e) => setMileageText(e.target.value)}
                inputMode="numeric"
                maxLength={9}
              />
            </Field>
            <Field label="Condition">
              <Select
                value={condition}
                options={CAR_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))}
                onChange={(e) => setCondition(e.target.value as CarCondition)}
              />
            </Field>
            <Button type="submit" variant="primary">
              Value my car
            </Button>
          </form>
        </Card>
        <div ref={resultRef}>
          <ValuationResult submitted={submitted} valuation={valuation} offline={comparables?.source === 'device'} />
        </div>
      </div>
    </div>
  );
}

function ValuationResult({
  submitted,
  valuation,
  offline,
}: {
  submitted: Submitted | null;
  valuation: Valuation | undefined;
  /** Valued from the cars saved on this phone, not the whole market. */
  offline: boolean;
}) {
  const navigate = useNavigate();
  const chosen = usePartExchange();
  if (!submitted)
    return (
      <Card className="valuation__result">
        <h2>Your valuation</h2>
        <p className="cat-muted">Tell us about your car to see a value range and how many cars it rests on.</p>
      </Card>
    );
  if (!valuation) return <LoadingBlock />;
  const name = `${submitted.year} ${submitted.makeName} ${submitted.model.name}`;
  const useAsPartExchange = () => {
    if (!valuation.available) return;
    setPartExchange({
      make: submitted.makeName,
      model: submitted.model.name,
      year: submitted.year,
      mileage: submitted.mileage,
      registration: submitted.registration,
      valuation: {
        low: valuation.low,
        high: valuation.high,
        value: valuation.value,
        partExchange: valuation.partExchange,
        comparables: valuation.comparables,
      },
      savedAt: new Date().toISOString(),
    });
    toast({
      title: 'Part exchange saved',
      description: `Your ${name} will be filled in when you contact a dealer about a car.`,
      variant: 'success',
      duration: 5000,
    });
    navigate(href.marketplace());
  };
  return (
    <Card className="valuation__result" aria-live="polite">
      <h2>{name}</h2>
      <p className="cat-muted">
        {submitted.mileage.toLocaleString('en-GB')} miles · {CONDITION_LABELS[submitted.condition].split(':')[0]}{' '}
        condition
      </p>
      {valuation.available ? (
        <>
          <p className="valuation__range" data-testid="valuation-range">
            <span>{formatGBP(valuation.low)}</span> – <span>{formatGBP(valuation.high)}</span>
          </p>
          <p>
            Most likely about <strong>{formatGBP(valuation.value)}</strong> on a dealer forecourt; a part-exchange offer
            is typically around <strong>{formatGBP(valuation.partExchange)}</strong>.
          </p>
          <p className="cat-muted" data-testid="valuation-count">
            Based on {valuation.comparables} similar {valuation.comparables === 1 ? 'car' : 'cars'}{' '}
            {offline ? 'saved on this phone' : 'for sale'}
            {valuation.widened ? ' (we widened the search to two years either side)' : ''}.
          </p>
          {offline && <OfflineNote />}
          <Button variant="primary" onClick={useAsPartExchange}>
            Use as part exchange
          </Button>
          {chosen && chosen.model === submitted.model.name && chosen.year === submitted.year && (
            <p className="cat-muted cat-small">Saved as your part exchange.</p>
          )}
        </>
      ) : (
        <>
          <p role="status">{valuation.message}</p>
          {offline && <OfflineNote />}
        </>
      )}
      <PriceMethodNote explanation={VALUATION_EXPLANATION} />
    </Card>
  );
}

function OfflineNote() {
  return (
    <p className="cat-muted cat-small" data-testid="valuation-offline">
      You&apos;re offline, so this rests only on the cars saved on this phone. Value it again when you&apos;re back
      online to compare with every car for sale.
    </p>
  );
}
