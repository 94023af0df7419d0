import { useTableCounts } from '@/data/device';
import { Card, Switch } from '@/shared/ui';
import { usePersonalisationStore } from '@/shared/lib/personalisation';

const SOURCES: { table: string; name: string; what: string }[] = [
  {
    table: 'search_interactions',
    name: 'Search activity',
    what: 'What you searched for, the filters you used and the cars you opened from the results.',
  },
  { table: 'bookmarks', name: 'Bookmarks', what: 'The cars and listings you saved.' },
  {
    table: 'user_preference_profiles',
    name: 'Questionnaire answers',
    what: 'Budget, family size, fuel and body styles, driving style and the features that matter to you.',
  },
];

/** What feeds recommendations, counted from this device's store, and the switch that stops it. */
export function PersonalisationCard() {
  const counts = useTableCounts();
  const enabled = usePersonalisationStore((s) => s.enabled);
  const setEnabled = usePersonalisationStore((s) => s.setEnabled);
  return (
    <Card as="section" aria-labelledby="personalisation-title" className="privacy-card">
      <h2 id="personalisation-title" className="card__title">
        Personalisation
      </h2>
      <p className="card__description">
        Recommended cars are worked out from the data below. It is stored on this device and, when you are signed in,
        synced to your account. Nothing is shared with dealers or advertisers.
      </p>
      <dl className="privacy-sources">
        {SOURCES.map((s) => (
          <div key={s.table} className="privacy-sources__row">
            <dt>{s.name}</dt>
            <dd>
              {s.what}{' '}
              <span className="privacy-sources__count" data-testid={`source-count-${s.table}`}>
                {counts ? `${counts[s.table] ?? 0} on this device` : 'Counting…'}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <Switch checked={enabled} onCheckedChange={setEnabled} label="Personalise my recommendations" />
      <p className="privacy-choices__what" role="status">
        {enabled
          ? 'On: your searches are recorded to improve recommendations.'
          : 'Off: new searches are not recorded, and recommendations are not tailored to you.'}
      </p>
    </Card>
  );
}
