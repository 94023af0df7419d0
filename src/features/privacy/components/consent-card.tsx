import { useState } from 'react';
import { Button, Card, Switch } from '@/shared/ui';
import { formatDate } from '@/shared/lib/format';
import { saveConsent, useConsent, type ConsentChoices } from '@/shared/lib/consent';

type OptionalCategory = keyof ConsentChoices;
import { toast } from '@/shared/ui/toast-store';

const CATEGORIES: { id: OptionalCategory; name: string; what: string }[] = [
  {
    id: 'analytics',
    name: 'Analytics',
    what: 'Page speed and usage measurements (web vitals) sent to Motorly so we can find slow or broken screens.',
  },
  {
    id: 'functional',
    name: 'Functional',
    what: 'Remembers conveniences such as your last searches and display choices between visits.',
  },
  {
    id: 'marketing',
    name: 'Marketing',
    what: 'Lets us measure which newsletters and campaigns bring people to Motorly. No third-party ad trackers.',
  },
];

/** Cookie choices (SPEC §3 Cookie consent): necessary always on, the rest switchable, with the date chosen. */
export function ConsentCard() {
  const consent = useConsent((s) => s.consent);
  const [draft, setDraft] = useState<ConsentChoices | null>(null);
  const choices: ConsentChoices = draft ?? {
    analytics: consent?.analytics ?? false,
    marketing: consent?.marketing ?? false,
    functional: consent?.functional ?? false,
  };
  const save = (next: ConsentChoices) => {
    saveConsent(next);
    setDraft(null);
    toast({ title: 'Cookie choices saved', description: 'You can change them here at any time.', variant: 'success' });
  };
  return (
    <Card as="section" aria-labelledby="consent-title" className="privacy-card">
      <h2 id="consent-title" className="card__title">
        Cookie choices
      </h2>
      <p className="card__description" data-testid="consent-date">
        {consent
          ? `You last made a choice on ${formatDate(consent.consentDate)}.`
          : 'You have not made a choice yet, so only necessary cookies are used.'}
      </p>
      <ul className="list-plain stack privacy-choices">
        <li>
          <Switch checked disabled onCheckedChange={() => undefined} label="Necessary (always on)" />
          <p className="privacy-choices__what">
            Keeps you signed in, remembers these choices and lets the app work offline. The site cannot work without
            them, so they cannot be switched off.
          </p>
        </li>
        {CATEGORIES.map((c) => (
          <li key={c.id}>
            <Switch
              checked={choices[c.id]}
              onCheckedChange={(on) => setDraft({ ...choices, [c.id]: on })}
              label={c.name}
            />
            <p className="privacy-choices__what">{c.what}</p>
          </li>
        ))}
      </ul>
      <div className="cluster">
        <Button variant="primary" onClick={() => save(choices)}>
          Save choices
        </Button>
        <Button onClick={() => save({ analytics: true, marketing: true, functional: true })}>Accept all</Button>
        <Button variant="ghost" onClick={() => save({ analytics: false, marketing: false, functional: false })}>
          Necessary only
        </Button>
      </div>
    </Card>
  );
}
