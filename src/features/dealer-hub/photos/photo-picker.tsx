// The stock form's photos: pick or drop up to 20 images, put them in order, remove them, choose the cover
// (the first). Files are checked by their bytes before they are taken; nothing is uploaded here: the form's
// save queues the new ones in the photo outbox.
import { useId, useRef, useState, type DragEvent } from 'react';
import { MAX_LISTING_PHOTOS, checkPhotoFile, newPhotoPath } from '@/data/listing-photos';
import { Button } from '@/shared/ui';
import { movePhoto, type PhotoItem } from './photo-items';

export interface PhotoPickerProps {
  items: readonly PhotoItem[];
  onChange: (items: PhotoItem[]) => void;
  dealerId: string;
  listingId: string;
  error?: string | null;
}

export function PhotoPicker({ items, onChange, dealerId, listingId, error }: PhotoPickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const room = MAX_LISTING_PHOTOS - items.length;

  const take = async (files: File[]) => {
    const problems: string[] = [];
    const added: PhotoItem[] = [];
    for (const file of files) {
      if (added.length >= room) {
        problems.push(`A car can have at most ${MAX_LISTING_PHOTOS} photos: "${file.name}" was not added.`);
        continue;
      }
      const checked = await checkPhotoFile(file);
      if ('error' in checked) problems.push(checked.error);
      else
        added.push({
          path: newPhotoPath(dealerId, listingId, checked.type),
          file,
          previewUrl: URL.createObjectURL(file),
          name: file.name,
        });
    }
    setRejected(problems);
    if (added.length) onChange([...items, ...added]);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void take([...e.dataTransfer.files]);
  };

  const remove = (index: number) => {
    const item = items[index];
    if (item.file) URL.revokeObjectURL(item.previewUrl);
    onChange(items.filter((_, i) => i !== index));
  };

  return (
    <fieldset className="stock-photos" aria-describedby={`${inputId}-count`}>
      <legend className="stock-form__legend">Photos</legend>
      <div
        className={dragging ? 'stock-photos__drop is-dragging' : 'stock-photos__drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="stock-photos__hint">
          Drop photos here, or{' '}
          <Button type="button" size="sm" onClick={() => input.current?.click()} disabled={room <= 0}>
            Choose photos
          </Button>
        </p>
        <p id={`${inputId}-count`} className="cat-muted cat-small">
          {items.length} of {MAX_LISTING_PHOTOS} photos · JPEG, PNG or WebP, up to 10 MB each. The first is the cover.
        </p>
        <input
          ref={input}
          id={inputId}
          className="sr-only"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-label="Add photos"
          tabIndex={-1}
          onChange={(e) => {
            void take([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {(error || rejected.length > 0) && (
        <ul className="stock-photos__errors" role="alert">
          {error && <li>{error}</li>}
          {rejected.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ol className="stock-photos__list" aria-label="Photos in order">
          {items.map((item, i) => (
            <li key={item.path} className="stock-photos__item" data-testid="stock-photo">
              <img
                src={item.previewUrl}
                alt={`Photo ${i + 1}${item.name ? `: ${item.name}` : ''}`}
                width={160}
                height={96}
              />
              {i === 0 && <span className="stock-photos__cover">Cover</span>}
              <div className="stock-photos__actions">
                {i > 0 && (
                  <Button type="button" size="sm" variant="ghost" onClick={() => onChange(movePhoto(items, i, 0))}>
                    Make cover<span className="sr-only"> (photo {i + 1})</span>
                  </Button>
                )}
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={i === 0}
                  aria-label={`Move photo ${i + 1} earlier`}
                  onClick={() => onChange(movePhoto(items, i, i - 1))}
                >
                  ←
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={i === items.length - 1}
                  aria-label={`Move photo ${i + 1} later`}
                  onClick={() => onChange(movePhoto(items, i, i + 1))}
                >
                  →
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => remove(i)}>
                  Remove<span className="sr-only"> photo {i + 1}</span>
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
