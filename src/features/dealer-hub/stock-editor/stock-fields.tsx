// The stock form's fields, grouped as a dealer reads a V5C and a service book: the car, its details, its
// history, then what the advert says. Make and model come from the catalogue (the model list follows the make).
import { useMemo } from 'react';
import { useCatalogueLookup } from '@/data/catalogue';
import type { BodyStyle, FuelType, Gearbox, ServiceHistory } from '@/data/types';
import { BODY_STYLE_LABELS, GEARBOX_LABELS, fuelLabel, plateAgeLabel, parsePlate, ulezStatus } from '@/domain/uk';
import { Field, Input, Select } from '@/shared/ui';
import { EURO_OPTIONS, SERVICE_HISTORY_OPTIONS, STOCK_FUELS, withModelDefaults } from './form-state';
import type { StockErrors, StockForm } from './listing-rules';

export interface StockFieldsProps {
  form: StockForm;
  errors: StockErrors;
  onChange: (form: StockForm) => void;
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en-GB');

export function StockFields({ form, errors, onChange }: StockFieldsProps) {
  const { brandById, modelById } = useCatalogueLookup();
  const brands = useMemo(() => [...brandById.values()].sort(byName), [brandById]);
  const models = useMemo(
    () => [...modelById.values()].filter((m) => m.brand_id === form.brandId).sort(byName),
    [modelById, form.brandId],
  );
  const set =
    <K extends keyof StockForm>(key: K) =>
    (value: StockForm[K]) =>
      onChange({ ...form, [key]: value });
  const plate = parsePlate(form.registration);
  const ulez = form.fuel
    ? ulezStatus({
        fuel: form.fuel,
        euroStandard: form.euroStandard ? Number(form.euroStandard) : null,
        firstRegistered: form.registrationDate || (form.year ? `${form.year}-07-01` : null),
      })
    : null;

  return (
    <>
      <fieldset className="stock-form__group">
        <legend className="stock-form__legend">The car</legend>
        <Field
          label="Registration"
          error={errors.registration}
          hint={
            plate
              ? `Age identifier ${plate.ageIdentifier}: ${plateAgeLabel(plate.ageIdentifier)}`
              : 'As on the plate, e.g. AB24 CDE'
          }
        >
          <Input
            value={form.registration}
            onValueChange={set('registration')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={10}
            className="stock-form__plate"
          />
        </Field>
        <Field label="Make" error={errors.brandId}>
          <Select
            value={form.brandId}
            placeholder="Choose the make"
            options={brands.map((b) => ({ value: b.id, label: b.name }))}
            onChange={(e) => onChange({ ...form, brandId: e.target.value, modelId: '' })}
          />
        </Field>
        <Field label="Model" error={errors.modelId} hint={form.brandId ? undefined : 'Choose the make first'}>
          <Select
            value={form.modelId}
            placeholder="Choose the model"
            disabled={!form.brandId}
            options={models.map((m) => ({ value: m.id, label: m.name }))}
            onChange={(e) => {
              const model = modelById.get(e.target.value);
              onChange(model ? withModelDefaults(form, model) : { ...form, modelId: '' });
            }}
          />
        </Field>
        <Field label="Variant" error={errors.variant} hint="Engine and trim, e.g. 1.5 TSI Life">
          <Input value={form.variant} onValueChange={set('variant')} maxLength={80} />
        </Field>
        <Field label="Year" error={errors.year}>
          <Input value={form.year} onValueChange={set('year')} inputMode="numeric" maxLength={4} />
        </Field>
        <Field label="First registered (optional)" error={errors.registrationDate}>
          <Input type="date" value={form.registrationDate} onValueChange={set('registrationDate')} />
        </Field>
      </fieldset>

      <fieldset className="stock-form__group">
        <legend className="stock-form__legend">Details</legend>
        <Field label="Mileage" error={errors.mileage} hint="Miles">
          <Input value={form.mileage} onValueChange={set('mileage')} inputMode="numeric" />
        </Field>
        <Field label="Fuel" error={errors.fuel}>
          <Select
            value={form.fuel}
            placeholder="Choose the fuel"
            options={STOCK_FUELS.map((f) => ({ value: f, label: fuelLabel(f) }))}
            onChange={(e) => set('fuel')(e.target.value as FuelType)}
          />
        </Field>
        <Field label="Gearbox" error={errors.gearbox}>
          <Select
            value={form.gearbox}
            placeholder="Choose the gearbox"
            options={Object.entries(GEARBOX_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={(e) => set('gearbox')(e.target.value as Gearbox)}
          />
        </Field>
        <Field label="Body style" error={errors.body}>
          <Select
            value={form.body}
            placeholder="Choose the body style"
            options={Object.entries(BODY_STYLE_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={(e) => set('body')(e.target.value as BodyStyle)}
          />
        </Field>
        <Field label="Colour" error={errors.colour}>
          <Input value={form.colour} onValueChange={set('colour')} maxLength={40} autoComplete="off" />
        </Field>
        <Field label="Doors" error={errors.doors}>
          <Input value={form.doors} onValueChange={set('doors')} inputMode="numeric" maxLength={1} />
        </Field>
        <Field label="Seats" error={errors.seats}>
          <Input value={form.seats} onValueChange={set('seats')} inputMode="numeric" maxLength={1} />
        </Field>
        <Field
          label="Engine size"
          error={errors.engineCc}
          hint={form.fuel === 'electric' ? 'Not needed for an electric car' : 'cc, e.g. 1498'}
        >
          <Input
            value={form.fuel === 'electric' ? '' : form.engineCc}
            onValueChange={set('engineCc')}
            inputMode="numeric"
            disabled={form.fuel === 'electric'}
          />
        </Field>
        <Field label="Euro emissions standard" error={errors.euroStandard} hint={ulez ? ulez.label : 'Decides ULEZ'}>
          <Select
            value={form.euroStandard}
            placeholder="Not stated"
            options={EURO_OPTIONS}
            onChange={(e) => set('euroStandard')(e.target.value)}
          />
        </Field>
      </fieldset>

      <fieldset className="stock-form__group">
        <legend className="stock-form__legend">History</legend>
        <Field label="Previous owners (optional)" error={errors.previousOwners}>
          <Input value={form.previousOwners} onValueChange={set('previousOwners')} inputMode="numeric" maxLength={2} />
        </Field>
        <Field label="Service history" error={errors.serviceHistory}>
          <Select
            value={form.serviceHistory}
            placeholder="Not stated"
            options={SERVICE_HISTORY_OPTIONS}
            onChange={(e) => set('serviceHistory')(e.target.value as ServiceHistory)}
          />
        </Field>
        <Field label="MOT expiry (optional)" error={errors.motExpiry}>
          <Input type="date" value={form.motExpiry} onValueChange={set('motExpiry')} />
        </Field>
      </fieldset>

      <fieldset className="stock-form__group stock-form__group--wide">
        <legend className="stock-form__legend">The advert</legend>
        <Field label="Price" error={errors.price} hint="Pounds, including any admin fee">
          <Input value={form.price} onValueChange={set('price')} inputMode="numeric" className="stock-form__price" />
        </Field>
        <Field label="Features" error={errors.features} hint="One a line, e.g. Heated seats">
          <textarea
            className="input stock-form__textarea"
            rows={4}
            value={form.features}
            onChange={(e) => set('features')(e.target.value)}
          />
        </Field>
        <Field label="Description" error={errors.description} hint="Up to 5,000 characters">
          <textarea
            className="input stock-form__textarea"
            rows={6}
            maxLength={5000}
            value={form.description}
            onChange={(e) => set('description')(e.target.value)}
          />
        </Field>
      </fieldset>
    </>
  );
}
