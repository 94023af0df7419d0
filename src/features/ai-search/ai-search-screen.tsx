import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  AI_RANK_OPTIONS,
  listingSearchesFor,
  useAiCatalogue,
  useAiListingResults,
  type ListingSearch,
} from '@/data/catalogue';
import { createQueryParser } from '@/domain/ai/parser';
import type { ParsedQuery } from '@/domain/ai/query-types';
import { rankCars, relaxationMessage } from '@/domain/ai/rank';
import { href } from '@/shared/lib/routes';
import { Button, CloseIcon, InfoIcon, Input, LoadingBlock, PageHeader, SearchIcon } from '@/shared/ui';
import { MarketplaceLinks } from './marketplace-links';
import { chipsFor, removeChip, type Chip } from './query-chips';
import { ListingMedia, ModelMedia } from './result-media';
import { ResultSection } from './result-section';
import { listingsHeading, offlineNote } from './listing-status';
import { suggest } from './suggestions';
import { SEARCH_DEBOUNCE_MS, useDebounced } from './use-debounced';
import { useSearchTracking } from './use-search-tracking';
import './ai-search.css';

const EXAMPLES = [
  'family SUV under £25k with cheap tax',
  '7 seater diesel automatic',
  'first car with low insurance',
  'electric estate with 250 miles range',
  'something like a Golf but cheaper',
  '£200 a month',
];

export function AiSearchScreen() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const [typedFor, setTypedFor] = useState(q);
  const [focused, setFocused] = useState(false);
  const [edited, setEdited] = useState<{ q: string; query: ParsedQuery } | null>(null);
  const listId = useId();
  if (typedFor !== q) {
    // A new ?q= (back button, home page) replaces what was typed.
    setTypedFor(q);
    setText(q);
  }

  const cat = useAiCatalogue();
  const parse = useMemo(() => (cat ? createQueryParser(cat.vocabulary) : undefined), [cat]);
  const parsed = useMemo(() => (parse && q ? parse(q) : undefined), [parse, q]);
  const query = edited?.q === q ? edited.query : parsed;
  const reference = useMemo(
    () => (query?.similarTo && cat ? cat.models.find((m) => m.model === query.similarTo) : undefined),
    [cat, query?.similarTo],
  );
  const models = useMemo(
    () => (query && cat ? rankCars(cat.models, query, { ...AI_RANK_OPTIONS, limit: 6 }, reference) : undefined),
    [cat, query, reference],
  );
  const listings = useAiListingResults(query, cat, reference);
  const shown = models && listings ? models.results.length + listings.results.length : undefined;
  const relaxed = [...(models?.relaxed ?? []), ...(listings?.relaxed ?? [])];
  const relaxedLabels = [...new Set(relaxed.map((r) => r.label))];
  const track = useSearchTracking(q, query, shown, relaxedLabels);

  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const suggestions = focused && debounced !== q ? suggest(debounced, cat?.vocabulary) : [];

  const run = (value: string) => {
    const v = value.trim();
    setEdited(null);
    setParams(v ? { q: v } : {});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(text);
  };
  const remove = (chip: Chip) => query && setEdited({ q, query: removeChip(query, chip) });
  const chips = query ? chipsFor(query) : [];
  const modelMessage = models ? relaxationMessage(models.relaxed) : null;
  const listingMessage = listings ? relaxationMessage(listings.relaxed) : null;
  const brandSlug = (name: string) => [...(cat?.brandById.values() ?? [])].find((b) => b.name === name)?.slug ?? '';
  const listingRows = listings?.rows;
  const offline = listings?.source === 'device';
  const searches = useMemo(
    () => (query && cat ? listingSearchesFor(query, cat, reference) : []),
    [query, cat, reference],
  );
  const searchName = (s: ListingSearch) => {
    const brand = [...(cat?.brandById.values() ?? [])].find((b) => b.slug === s.make);
    const model = [...(cat?.modelById.values() ?? [])].find((m) => m.slug === s.model && m.brand_id === brand?.id);
    return model ? `${brand?.name} ${model.name}` : brand?.name;
  };

  return (
    <div className="container page ais-page">
      <PageHeader
        eyebrow="Search in plain English"
        title="AI Search"
        intro="Describe the car you need the way you would say it. We turn it into filters you can see and change, and rank real cars from our catalogue."
      />
      <form className="ais-form" role="search" aria-label="AI search" onSubmit={submit}>
        <label htmlFor="ais-q" className="sr-only">
          Describe the car you want
        </label>
        <div className="ais-form__field">
          <Input
            id="ais-q"
            type="search"
            autoComplete="off"
            value={text}
            onValueChange={setText}
            onFocus={() => setFocused(true)}
            onBlur={() => setTimeout(() => setFocused(false), 150)}
            placeholder="e.g. a 7-seat hybrid under £30,000 with low tax"
            aria-autocomplete="list"
            aria-controls={suggestions.length ? listId : undefined}
          />
          {suggestions.length > 0 && (
            <ul id={listId} className="ais-suggestions" role="listbox" aria-label="Suggestions">
              {suggestions.map((s) => (
                <li key={s} role="option" aria-selected={false}>
                  <button
                    type="button"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      setText(s);
                      run(s);
                    }}
                  >
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Button type="submit" variant="primary" size="lg">
          <SearchIcon size={18} /> Search
        </Button>
      </form>
      <p className="note">
        <InfoIcon size={16} /> Understands your words on your device and ranks every car for sale on Motorly; offline,
        the cars saved on this phone. It understands budgets, monthly payments, body styles, fuels, seats, gearbox, tax,
        insurance, ULEZ, range, mileage and age.
      </p>

      {!q && (
        <section aria-labelledby="ais-try">
          <h2 id="ais-try" className="ais-h2">
            Try asking
          </h2>
          <div className="ais-examples">
            {EXAMPLES.map((e) => (
              <button
                key={e}
                type="button"
                className="chip-button"
                onClick={() => {
                  setText(e);
                  run(e);
                }}
              >
                {e}
              </button>
            ))}
          </div>
        </section>
      )}

      {q && !cat && <LoadingBlock />}

      {q && query && (
        <>
          <section aria-label="What we understood" className="ais-understood">
            {chips.length > 0 ? (
              <ul className="ais-chips" aria-label="Filters">
                {chips.map((c) => (
                  <li key={c.key} className="ais-chip">
                    <span>{c.label}</span>
                    <button type="button" aria-label={`Remove ${c.label}`} onClick={() => remove(c)}>
                      <CloseIcon size={14} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="note">We could not turn that into filters, so here are our best-rated cars.</p>
            )}
            {query.keywords && query.keywords.length > 0 && (
              <p className="note">Not used as filters: {query.keywords.join(', ')}.</p>
            )}
          </section>

          {(modelMessage || listingMessage) && (
            <p className="ais-relaxed" role="status">
              {modelMessage ?? listingMessage}
            </p>
          )}

          <ResultSection
            id="ais-models"
            heading="Models that fit"
            ranking={models}
            empty={{ title: 'No models in the catalogue yet', description: 'The catalogue is still downloading.' }}
            testId="model-results"
            linkOf={(r) => ({
              to: href.model(brandSlug(r.car.brand), cat?.modelById.get(r.car.modelId)?.slug ?? ''),
              onOpen: () => track(r.car.modelId),
              media: <ModelMedia car={r.car} cat={cat} />,
            })}
          />
          <ResultSection
            id="ais-listings"
            heading={listingsHeading(listings)}
            ranking={listings}
            note={
              offline ? (
                <p className="ais-offline" role="status" data-testid="listing-results-offline">
                  {offlineNote(listings?.total ?? 0)}
                </p>
              ) : null
            }
            empty={
              offline
                ? {
                    title: 'None of the cars saved on this phone match',
                    description: 'Search every car when you are back online.',
                  }
                : { title: 'No cars for sale match yet', description: 'Try removing a filter above.' }
            }
            testId="listing-results"
            linkOf={(r) => ({
              to: href.listing(r.car.id),
              onOpen: () => track(r.car.modelId, r.car.id),
              media: <ListingMedia car={r.car} row={listingRows?.get(r.car.id)} cat={cat} />,
            })}
            footer={
              listings && listings.total > 0 && !offline ? (
                <MarketplaceLinks query={query} searches={searches} nameOf={searchName} />
              ) : null
            }
          />
        </>
      )}
    </div>
  );
}
