import { useState } from 'react';
import { Button, Dialog, Switch } from '@/shared/ui';
import { formatDate } from '@/shared/lib/format';
import { saveConsent, useConsent, type ConsentChoices } from '@/shared/lib/consent';
import { closeConsentDialog, useConsentUi } from '../store';

const CATEGORIES: Array<{ key: keyof ConsentChoices; label: string; description: string }> = [
  {
    key: 'analytics',
    label: 'Analytics',
    description: 'Page speed measurements (Core Web Vitals) sent to us so we can keep Motorly fast.',
  },
  {
    key: 'functional',
    label: 'Functional',
    description: 'Remember extras such as your recently viewed cars and layout choices.',
  },
  {
    key: 'marketing',
    label: 'Marketing',
    description: 'Offers and dealer promotions that match the cars you look at.',
  },
];

function ConsentForm() {
  const stored = useConsent((s) => s.consent);
  const [choices, setChoices] = useState<ConsentChoices>({
    analytics: stored?.analytics ?? false,
    marketing: stored?.marketing ?? false,
    functional: stored?.functional ?? false,
  });
  const save = (next: ConsentChoices) => {
    saveConsent(next);
    closeConsentDialog();
  };
  return (
    <>
      <ul className="consent-list">
        <li className="consent-list__item">
          <Switch checked disabled onCheckedChange={() => undefined} label="Necessary (always on)" />
          <p className="consent-list__help">
            Sign-in, security and your saved cars. The site cannot work without them.
          </p>
        </li>
        {CATEGORIES.map((c) => (
          <li key={c.key} className="consent-list__item">
            <Switch
              checked={choices[c.key]}
              onCheckedChange={(on) => setChoices((prev) => ({ ...prev, [c.key]: on }))}
              label={c.label}
            />
            <p className="consent-list__help">{c.description}</p>
          </li>
        ))}
      </ul>
      <p className="consent-list__date" data-testid="consent-date">
        {stored ? `Choice saved ${formatDate(stored.consentDate)}.` : 'No choice saved yet.'}
      </p>
      <div className="dialog__footer">
        <Button onClick={() => save({ analytics: false, marketing: false, functional: false })}>Necessary only</Button>
        <Button variant="primary" onClick={() => save(choices)}>
          Save preferences
        </Button>
      </div>
    </>
  );
}

/** The customise dialog: necessary is shown on and locked; the other three are switches. */
export function ConsentDialog() {
  const open = useConsentUi((s) => s.dialogOpen);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? undefined : closeConsentDialog())}
      title="Cookie preferences"
      description="Choose which cookies Motorly may use. You can change this at any time."
    >
      {open && <ConsentForm />}
    </Dialog>
  );
}
