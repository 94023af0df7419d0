// Previous / Next under a list. Turning the page keeps the reader's place: it brings the top of the
// results into view (under the filters and the count, not the top of the page) and moves focus to the
// count, so a keyboard or screen reader user starts reading the new page from its first car.
import { useRef } from 'react';
import { Button } from '@/shared/ui';

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const nav = useRef<HTMLElement>(null);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const go = (p: number) => {
    onPage(p);
    // The list's frame (FilterLayout) marks its results; elsewhere (admin tables) the page stays put.
    const results = nav.current?.closest<HTMLElement>('[data-results]');
    if (!results) return;
    if (results.getBoundingClientRect().top < 0) results.scrollIntoView({ block: 'start' });
    results.querySelector<HTMLElement>('[data-results-count]')?.focus({ preventScroll: true });
  };
  return (
    <nav ref={nav} className="cat-pager" aria-label="Pages">
      <Button variant="outline" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </Button>
      <span aria-current="page">
        Page {Math.min(page, pages)} of {pages.toLocaleString('en-GB')}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => go(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
