import { useEffect, useState } from 'react';
import { preferenceWrites } from '@/data/preferences';
import type { NotificationPreferences } from '@/data/types';
import { Button, Card, Switch, useToastedAction } from '@/shared/ui';

const SWITCHES: { key: keyof NotificationPreferences; label: string; description?: string }[] = [
  { key: 'email_notifications', label: 'Email Notifications' },
  { key: 'price_drop_alerts', label: 'Price Drop Alerts' },
  { key: 'new_match_alerts', label: 'New Match Alerts' },
  { key: 'weekly_digest', label: 'Weekly Digest' },
  {
    key: 'lead_alerts',
    label: 'Enquiry e-mails',
    description: 'E-mail me about new enquiries, messages and dealer replies; they always show in the bell',
  },
  {
    key: 'instant_notifications',
    label: 'Instant pop-ups',
    description: 'Show a pop-up when a notification arrives while Motorly is open',
  },
];

export function PreferencesCard({ stored }: { stored: NotificationPreferences }) {
  const [draft, setDraft] = useState(stored);
  const [saving, run] = useToastedAction();
  // A change arriving from another device replaces the draft, unless a save is under way.
  useEffect(() => {
    if (!saving) setDraft(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the stored row only
  }, [stored]);

  const save = () =>
    run(async () => {
      await preferenceWrites.saveNotificationPreferences(draft);
      return { title: 'Settings saved', description: 'Your notification preferences have been updated.' };
    }, 'Failed to save notification preferences.');

  return (
    <Card as="section" className="ntf-card" aria-labelledby="ntf-prefs-title">
      <h3 id="ntf-prefs-title" className="card__title">
        Notification Preferences
      </h3>
      <div className="ntf-switches">
        {SWITCHES.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={draft[key]}
            onCheckedChange={(v) => setDraft((d) => ({ ...d, [key]: v }))}
          />
        ))}
      </div>
      <div>
        <Button variant="primary" onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving...' : 'Save Preferences'}
        </Button>
      </div>
    </Card>
  );
}
