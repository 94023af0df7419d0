import { Link } from 'react-router-dom';
import { useSearchTotal, type ListingSearch } from '@/data/catalogue';
import type { ParsedQuery } from '@/domain/ai/query-types';
import { countedSearch, marketplaceHref, notCarried } from './marketplace-link';

function MarketLink({ search, name }: { search: ListingSearch; name?: string }) {
  // The server's count for this URL (the marketplace's own), so the number matches the page it opens.
  const answer = useSearchTotal(countedSearch(search));
  const total = answer?.total ?? null;
  const what = name ? ` ${name}` : '';
  const about = answer?.estimated ? 'about ' : '';
  const text =
    total === null
      ? `See${what} cars in the marketplace`
      : total === 0
        ? `Open this search in the marketplace`
        : `See all ${about}${total.toLocaleString('en-GB')}${what} in the marketplace`;
  return (
    <Link to={marketplaceHref(search)} className="ais-more__link" data-testid="marketplace-link">
      {text} <span aria-hidden="true">→</span>
    </Link>
  );
}

/** The way on from the AI's shortlist to every matching car, one link per named make or model. */
export function MarketplaceLinks({
  query,
  searches,
  nameOf,
}: {
  query: ParsedQuery;
  searches: ListingSearch[];
  nameOf: (s: ListingSearch) => string | undefined;
}) {
  const left = searches.length ? notCarried(query, searches[0]) : [];
  return (
    <div className="ais-more">
      <ul className="ais-more__links">
        {searches.map((s) => (
          <li key={`${s.make ?? ''}/${s.model ?? ''}`}>
            <MarketLink search={s} name={searches.length > 1 ? nameOf(s) : undefined} />
          </li>
        ))}
      </ul>
      {left.length > 0 && (
        <p className="note">The marketplace has no filter for {left.join(' or ')}, so its list leaves that out.</p>
      )}
    </div>
  );
}
