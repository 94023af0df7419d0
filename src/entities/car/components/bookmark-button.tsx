import { useRef } from 'react';
import { useIsBookmarked, useToggleBookmark, type BookmarkTarget } from '@/data/bookmarks';
import { Button, toast } from '@/shared/ui';

/**
 * Bookmarks a model or listing in the local store (works offline; syncs when signed in). The
 * button shows what the store holds (a live query), so it flips once the write has committed.
 */
export function BookmarkButton({
  target,
  label,
  compact,
  short,
  size,
}: {
  target: BookmarkTarget;
  label: string;
  compact?: boolean;
  /** 'Save' / 'Saved' (a listing's contact bar), where 'Bookmark' / 'Bookmarked' is too wide. */
  short?: boolean;
  /** Default: small when compact. */
  size?: 'sm' | 'md';
}) {
  const bookmarked = useIsBookmarked(target);
  const toggleBookmark = useToggleBookmark();
  // A second click while a toggle is being written is ignored (it would undo the first). A ref,
  // not state: the write takes milliseconds, and disabling the button for that long would only add
  // two renders to every click.
  const writing = useRef(false);
  const onClick = async () => {
    if (writing.current) return;
    writing.current = true;
    try {
      const now = await toggleBookmark(target);
      toast({
        title: now ? 'Saved to bookmarks' : 'Removed from bookmarks',
        description: label,
        variant: now ? 'success' : 'default',
        duration: 3000,
      });
    } catch {
      toast({
        title: 'Something went wrong',
        description: 'There was a problem accessing the data. Please try again.',
        variant: 'destructive',
      });
    } finally {
      writing.current = false;
    }
  };
  return (
    <Button
      data-testid="bookmark-toggle"
      aria-pressed={bookmarked === true}
      aria-label={
        compact
          ? `${bookmarked ? 'Remove bookmark for' : 'Bookmark'} ${label}`
          : short
            ? `${bookmarked ? 'Saved' : 'Save'} ${label}`
            : undefined
      }
      className={short ? 'bookmark-short' : undefined}
      variant={bookmarked ? 'secondary' : 'outline'}
      size={size ?? (compact ? 'sm' : 'md')}
      disabled={bookmarked === undefined}
      onClick={onClick}
    >
      <span aria-hidden="true">{bookmarked ? '★' : '☆'}</span>
      {!compact && (short ? (bookmarked ? 'Saved' : 'Save') : bookmarked ? 'Bookmarked' : 'Bookmark')}
    </Button>
  );
}
