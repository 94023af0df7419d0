import { priceAlertWrites, type PriceAlertView } from '@/data/price-alerts';
import { formatGBP } from '@/shared/lib/format';
import { Badge, Button, Card, Switch, toast } from '@/shared/ui';

async function toggle(alert: PriceAlertView, active: boolean): Promise<void> {
  try {
    await priceAlertWrites.setActive(alert.id, active);
    toast({
      title: active ? 'Alert enabled' : 'Alert disabled',
      description: `Price alert has been ${active ? 'enabled' : 'disabled'}.`,
      variant: 'success',
    });
  } catch {
    toast({ title: 'Error', description: 'Failed to update price alert.', variant: 'destructive' });
  }
}

async function remove(alert: PriceAlertView): Promise<void> {
  try {
    await priceAlertWrites.remove(alert.id);
    toast({ title: 'Alert deleted', description: 'Price alert has been removed.', variant: 'success' });
  } catch {
    toast({ title: 'Error', description: 'Failed to delete price alert.', variant: 'destructive' });
  }
}

export function PriceAlertsCard({ alerts }: { alerts: PriceAlertView[] }) {
  return (
    <Card as="section" className="ntf-card" aria-labelledby="ntf-alerts-title">
      <h3 id="ntf-alerts-title" className="card__title">
        Price Alerts
      </h3>
      {alerts.length === 0 ? (
        <div className="ntf-empty">
          <p>No price alerts set up yet.</p>
          <p className="ntf-muted">Visit vehicle listings and bookmark cars to set up price alerts.</p>
        </div>
      ) : (
        <ul className="row-list ntf-alerts" data-testid="price-alert-list">
          {alerts.map((a) => (
            <li key={a.id} className="row-list__item" data-testid="price-alert">
              <div className="ntf-alert__text">
                <p className="ntf-alert__title">{a.listing_title}</p>
                <p>Alert when price drops below {formatGBP(a.target_price)}</p>
                <p className="ntf-muted">Current price: {formatGBP(a.current_price)}</p>
                {a.times_triggered > 0 && <Badge variant="accent">Triggered {a.times_triggered} time(s)</Badge>}
              </div>
              <div className="ntf-alert__actions">
                <Switch
                  label={a.is_active ? 'On' : 'Off'}
                  checked={a.is_active}
                  onCheckedChange={(v) => void toggle(a, v)}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void remove(a)}
                  aria-label={`Delete price alert for ${a.listing_title}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
