import { useNotificationPreferences } from '@/data/preferences';
import { usePriceAlerts } from '@/data/price-alerts';
import { sendTestPriceDropEmail } from '../api/notification-email';
import { Button, Card, useToastedAction } from '@/shared/ui';
import { PreferencesCard } from './preferences-card';
import { PriceAlertsCard } from './price-alerts-card';
import '../notifications.css';

function TestSend() {
  const [sending, run] = useToastedAction();
  const send = () =>
    run(async () => {
      await sendTestPriceDropEmail();
      return { title: 'Test email sent', description: 'Check your email for the test notification.' };
    }, 'Failed to send test notification.');
  return (
    <Card as="section" className="ntf-card" aria-labelledby="ntf-test-title">
      <h3 id="ntf-test-title" className="card__title">
        Test e-mail
      </h3>
      <p className="ntf-muted">Send yourself a sample price-drop e-mail to see what alerts look like.</p>
      <div>
        <Button onClick={() => void send()} disabled={sending}>
          {sending ? 'Sending...' : 'Send test email'}
        </Button>
      </div>
    </Card>
  );
}

/** Notification settings (SPEC §2): preferences, price alerts and a test send. */
export function NotificationSettings() {
  const prefs = useNotificationPreferences();
  const alerts = usePriceAlerts();
  if (prefs === null) return <p className="ntf-status">Please sign in to manage your notification settings.</p>;
  if (prefs === undefined || alerts === undefined) {
    return (
      <p className="ntf-status" role="status">
        Loading settings...
      </p>
    );
  }
  return (
    <div className="ntf-settings" data-testid="notification-settings">
      <PreferencesCard stored={prefs.preferences} />
      <PriceAlertsCard alerts={alerts} />
      <TestSend />
    </div>
  );
}
