import { useEffect, useState, type FormEvent } from 'react';
import { preferenceWrites, useProfile } from '@/data/preferences';
import { useCatalogueStore } from '@/entities/car';
import { DEFAULT_ANNUAL_MILES } from '@/domain/uk';
import { Button, Card, Field, Input, useToastedAction } from '@/shared/ui';
import { validateProfile, type ProfileErrors, type ProfileForm } from '../profile-validation';
import '../account.css';

/** Name, home postcode (distances) and annual mileage (running costs); saved through the outbox. */
export function ProfileCard() {
  const profile = useProfile();
  const [form, setForm] = useState<ProfileForm>({ name: '', postcode: '', mileage: '' });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, run] = useToastedAction();
  const [touched, setTouched] = useState(false);
  const followProfileMiles = useCatalogueStore((s) => s.followProfileMiles);

  useEffect(() => {
    if (!profile || touched) return;
    setForm({
      name: profile.display_name ?? '',
      postcode: profile.home_postcode ?? '',
      mileage: profile.annual_mileage ? String(profile.annual_mileage) : '',
    });
  }, [profile, touched]);

  const change = (key: keyof ProfileForm) => (e: { target: { value: string } }) => {
    setTouched(true);
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = validateProfile(form);
    if ('errors' in result) return setErrors(result.errors);
    await run(async () => {
      await preferenceWrites.saveProfile(result.values);
      // The mileage saved here leads on this device too, over one typed earlier in a running-costs panel.
      followProfileMiles(result.values.annual_mileage);
      setTouched(false);
      return {
        title: 'Profile saved',
        description: 'Distances, running costs, valuations and recommendations now use your details.',
      };
    }, 'Failed to save your profile. Please try again.');
  };

  /** The value, change handler and test id of one form field. */
  const bind = (key: keyof ProfileForm) => ({
    value: form[key],
    onChange: change(key),
    'data-testid': `profile-${key}`,
  });

  if (profile === undefined) return <p className="acc-muted">Loading your profile...</p>;
  return (
    <Card as="section" aria-labelledby="acc-profile-title" className="acc-card">
      <h2 id="acc-profile-title" className="card__title">
        Profile
      </h2>
      <form className="acc-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Name" error={errors.name}>
          <Input {...bind('name')} autoComplete="name" />
        </Field>
        <Field label="Home postcode" hint="Distances to dealers are measured from here." error={errors.postcode}>
          <Input {...bind('postcode')} autoComplete="postal-code" placeholder="e.g. LS1 4AP" />
        </Field>
        <Field
          label="Miles you drive a year"
          hint={`Running costs, valuations and recommendations assume ${DEFAULT_ANNUAL_MILES.toLocaleString('en-GB')} unless you say otherwise.`}
          error={errors.mileage}
        >
          <Input {...bind('mileage')} inputMode="numeric" placeholder={String(DEFAULT_ANNUAL_MILES)} />
        </Field>
        <div>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save profile'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
