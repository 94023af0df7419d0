import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useProfile } from '@/data/preferences';
import { PACK_RADII, useOfflinePack } from '@/data/offline-pack';
import { locatePostcode } from '@/domain/uk/distance';
import { Button, Card, CardDescription, Field, Input, Select } from '@/shared/ui';
import { getPageSyncState, sendSyncCommand, subscribePageSyncState } from '@/sync';
import { packPromise, packSummary } from '../pack-text';
import '../offline-pack.css';

const RADIUS_OPTIONS = PACK_RADII.map((r) => ({ value: String(r), label: `${r} miles` }));

/**
 * "Keep cars within N miles of POSTCODE on this device": the offline pack (at most 5,000 listings),
 * downloaded in the background by the sync worker, with its progress, and Remove.
 */
export function OfflinePackCard() {
  const pack = useOfflinePack();
  const profile = useProfile();
  const online = useSyncExternalStore(subscribePageSyncState, () => getPageSyncState().online);
  const [postcode, setPostcode] = useState<string | null>(null);
  const [radius, setRadius] = useState<string>('25');
  const [error, setError] = useState<string | null>(null);
  const typed = postcode ?? pack?.postcode ?? profile?.home_postcode ?? '';
  const downloading = pack?.status === 'downloading';
  // A download asked from here leaves a round trip sooner (the worker readies its calls while this is read).
  useEffect(() => {
    if (online) sendSyncCommand({ type: 'offline-pack-warm' });
  }, [online]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const located = locatePostcode(typed);
    if (!located.ok) return setError(located.message);
    setError(null);
    sendSyncCommand({ type: 'offline-pack-download', postcode: typed.trim().toUpperCase(), radius: Number(radius) });
  };

  return (
    <Card as="section" className="acc-card offline-pack" aria-labelledby="offline-pack-title" id="offline-pack">
      <h2 id="offline-pack-title" className="card__title">
        Offline pack
      </h2>
      <CardDescription>
        Search the cars near you with no signal: up to 5,000 listings are kept on this device and stay current.
      </CardDescription>
      <div aria-live="polite" className="offline-pack__status" data-testid="offline-pack-status">
        {pack && <p className="offline-pack__summary">{packSummary(pack)}</p>}
        {downloading && (
          <progress
            className="offline-pack__progress"
            aria-label="Offline pack download"
            max={pack.total ?? 1}
            value={pack.total === null ? undefined : pack.done}
          />
        )}
      </div>
      {pack && !downloading && (
        <div>
          <Button type="button" variant="secondary" onClick={() => sendSyncCommand({ type: 'offline-pack-remove' })}>
            Remove offline pack
          </Button>
        </div>
      )}
      <form className="offline-pack__form" onSubmit={submit} noValidate>
        <Field label="Postcode" error={error}>
          <Input
            value={typed}
            onChange={(e) => {
              setPostcode(e.target.value);
              setError(null);
            }}
            autoComplete="postal-code"
            placeholder="e.g. M1 1AE"
            data-testid="offline-pack-postcode"
          />
        </Field>
        <Field label="Within">
          <Select
            options={RADIUS_OPTIONS}
            value={radius}
            onChange={(e) => setRadius(e.target.value)}
            data-testid="offline-pack-radius"
          />
        </Field>
        <div className="offline-pack__submit btn-wrap">
          <Button type="submit" variant="primary" disabled={downloading || !online}>
            {packPromise(Number(radius), typed)}
          </Button>
          {!online && <p className="acc-muted">You're offline: connect to download the pack.</p>}
        </div>
      </form>
    </Card>
  );
}
