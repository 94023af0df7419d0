// A stock row's photo mark: how many of the car's photos are still to upload, whether they wait for a
// connection or are on their way, and a failure's reason with Retry. Renders nothing once all are sent.
import { useSyncExternalStore } from 'react';
import { usePhotoUploadState, usePhotoWrites, type PhotoUploadState as UploadState } from '@/data/listing-photos';
import { getPageSyncState, subscribePageSyncState } from '@/sync';
import { Button } from '@/shared/ui';
import './photo-upload-state.css';

const photos = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

/** The sentence for a listing's upload state (null when there is nothing to say). */
export function photoUploadLabel(state: UploadState, online: boolean): string | null {
  if (state.failed > 0) return `${photos(state.failed)} not uploaded`;
  if (state.pending === 0) return null;
  if (!online) return `${photos(state.pending)} waiting for a connection`;
  if (state.retryAt !== null && !state.uploading) return `${photos(state.pending)} to upload · trying again shortly`;
  return `Uploading ${photos(state.pending)}…`;
}

export function PhotoUploadState({ listingId }: { listingId: string }) {
  const state = usePhotoUploadState(listingId);
  const online = useSyncExternalStore(subscribePageSyncState, () => getPageSyncState().online);
  const writes = usePhotoWrites();
  const label = state ? photoUploadLabel(state, online) : null;
  if (!state || !label) return null;
  const failed = state.failed > 0;
  return (
    <div
      className={failed ? 'photo-upload-state is-failed' : 'photo-upload-state'}
      role="status"
      data-testid="photo-upload-state"
      data-state={failed ? 'failed' : !online ? 'offline' : state.uploading ? 'uploading' : 'queued'}
    >
      {!failed && online && <progress aria-label="Photo upload" className="photo-upload-state__bar" />}
      <span>{label}</span>
      {state.lastError && (failed || state.retryAt !== null) && (
        <span className="photo-upload-state__why">{state.lastError}</span>
      )}
      {failed && (
        <Button type="button" size="sm" variant="outline" onClick={() => void writes.retry(listingId)}>
          Retry<span className="sr-only"> the photo upload</span>
        </Button>
      )}
    </div>
  );
}
