import { describe, expect, it } from 'vitest';
import { movePhoto, planPhotoSave, type PhotoItem } from './photo-items';
import { photoUploadLabel } from './photo-upload-state';

const item = (path: string, file: Blob | null = null): PhotoItem => ({ path, file, previewUrl: `preview:${path}` });

describe('photo order and saving', () => {
  it('moves a photo, the first being the cover', () => {
    expect(movePhoto(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(movePhoto(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
  it('uploads the new photos in their order and removes the dropped ones', () => {
    const blob = new Blob(['x']);
    const plan = planPhotoSave(['old1', 'old2'], [item('new1', blob), item('old2'), item('new2', blob)]);
    expect(plan).toEqual({
      paths: ['new1', 'old2', 'new2'],
      uploads: [
        { path: 'new1', blob },
        { path: 'new2', blob },
      ],
      removals: ['old1'],
    });
  });
});

describe('photoUploadLabel', () => {
  const base = { pending: 0, uploading: false, failed: 0, lastError: null, retryAt: null };
  it('says what the row needs to say', () => {
    expect(photoUploadLabel(base, true)).toBeNull();
    expect(photoUploadLabel({ ...base, pending: 2 }, false)).toBe('2 photos waiting for a connection');
    expect(photoUploadLabel({ ...base, pending: 1, uploading: true }, true)).toBe('Uploading 1 photo…');
    expect(photoUploadLabel({ ...base, pending: 1, retryAt: 5 }, true)).toBe(
      '1 photo to upload · trying again shortly',
    );
    expect(photoUploadLabel({ ...base, pending: 1, failed: 1 }, true)).toBe('1 photo not uploaded');
  });
});
