import { useId, useState, type FormEvent } from 'react';
import { Button, Field, Input } from '@/shared/ui';
import { ENQUIRY_LIMITS, validateEnquiry, type EnquiryErrors, type EnquiryForm as Form } from '../validation';

export interface EnquiryFormProps {
  initial: Form;
  submitting: boolean;
  onSubmit: (form: Form) => void;
  onCancel: () => void;
}

/** The contact-dealer form: checks every field before anything is stored, errors next to the fields. */
export function EnquiryForm({ initial, submitting, onSubmit, onCancel }: EnquiryFormProps) {
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<EnquiryErrors>({});
  const id = useId();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateEnquiry(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onSubmit(form);
  };
  return (
    <form className="enq-form" noValidate onSubmit={submit} aria-label="Contact the dealer">
      <div className="enq-form__row">
        <Field label="Your name" error={errors.name}>
          <Input
            id={`${id}-name`}
            autoComplete="name"
            value={form.name}
            maxLength={ENQUIRY_LIMITS.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </Field>
        <Field label="Email" error={errors.email}>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </Field>
      </div>
      <Field label="Phone (optional)" hint="The dealer may call you back." error={errors.phone}>
        <Input
          id={`${id}-phone`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={form.phone}
          onChange={(e) => set('phone', e.target.value)}
        />
      </Field>
      <Field label="Message" error={errors.message}>
        <textarea
          id={`${id}-message`}
          className="input enq-textarea"
          rows={4}
          maxLength={ENQUIRY_LIMITS.message}
          value={form.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </Field>
      <fieldset className="enq-form__extras">
        <legend>Also interested in</legend>
        <label className="enq-check">
          <input type="checkbox" checked={form.partExchange} onChange={(e) => set('partExchange', e.target.checked)} />
          <span>Part exchange: I have a car to trade in</span>
        </label>
        {form.partExchange && (
          <div className="enq-form__row enq-form__px">
            <Field label="Its registration" error={errors.partExchangeRegistration}>
              <Input
                id={`${id}-partExchangeRegistration`}
                className="enq-plate"
                autoCapitalize="characters"
                maxLength={8}
                value={form.partExchangeRegistration}
                onChange={(e) => set('partExchangeRegistration', e.target.value)}
              />
            </Field>
            <Field label="Its mileage" error={errors.partExchangeMileage}>
              <Input
                id={`${id}-partExchangeMileage`}
                inputMode="numeric"
                value={form.partExchangeMileage}
                onChange={(e) => set('partExchangeMileage', e.target.value)}
              />
            </Field>
          </div>
        )}
        <label className="enq-check">
          <input
            type="checkbox"
            checked={form.financeInterest}
            onChange={(e) => set('financeInterest', e.target.checked)}
          />
          <span>Finance: I'd like a finance quote</span>
        </label>
      </fieldset>
      <div className="enq-form__actions">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={submitting}>
          Send enquiry
        </Button>
      </div>
    </form>
  );
}
