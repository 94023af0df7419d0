// The controls of the car filters /browse and /marketplace share (SpecFilters), bound to their fields.
import type { ReactNode } from 'react';
import type { SpecFilters } from '../spec-filters';
import {
  BODY_STYLE_OPTIONS,
  CheckGroup,
  FUEL_OPTIONS,
  GEARBOX_OPTIONS,
  INSURANCE_GROUP_OPTIONS,
  num,
  SEAT_OPTIONS,
  SelectFilter,
  ToggleFilter,
} from './filter-controls';

export interface SpecControlProps {
  filters: SpecFilters;
  onApply: (patch: Partial<SpecFilters>) => void;
}

export function BodyStyleFilter({ filters, onApply, legend }: SpecControlProps & { legend: string }) {
  return (
    <CheckGroup
      legend={legend}
      options={BODY_STYLE_OPTIONS}
      selected={filters.body}
      onChange={(body) => onApply({ body })}
    />
  );
}

export function FuelFilter({ filters, onApply }: SpecControlProps) {
  return (
    <CheckGroup legend="Fuel" options={FUEL_OPTIONS} selected={filters.fuel} onChange={(fuel) => onApply({ fuel })} />
  );
}

export function GearboxFilter({ filters, onApply }: SpecControlProps) {
  return (
    <SelectFilter
      label="Gearbox"
      value={filters.gearbox}
      options={GEARBOX_OPTIONS}
      onChange={(v) => onApply({ gearbox: v as SpecFilters['gearbox'] })}
    />
  );
}

export function SeatsFilter({ filters, onApply }: SpecControlProps) {
  return (
    <SelectFilter
      label="Seats"
      value={filters.seatsMin?.toString()}
      options={SEAT_OPTIONS}
      onChange={(v) => onApply({ seatsMin: num(v) })}
    />
  );
}

export function InsuranceFilter({ filters, onApply }: SpecControlProps) {
  return (
    <SelectFilter
      label="Insurance group"
      value={filters.insuranceMax?.toString()}
      options={INSURANCE_GROUP_OPTIONS}
      onChange={(v) => onApply({ insuranceMax: num(v) })}
    />
  );
}

export function UlezFilter({ filters, onApply, hint }: SpecControlProps & { hint?: ReactNode }) {
  return (
    <ToggleFilter
      label="ULEZ compliant only"
      checked={filters.ulez}
      onChange={(ulez) => onApply({ ulez })}
      hint={hint}
    />
  );
}
