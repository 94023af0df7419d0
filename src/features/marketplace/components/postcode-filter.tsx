// The marketplace's distance filter: a postcode (or the saved home postcode, offered) and a radius.
import { Button } from '@/shared/ui';
import { PostcodeForm, SelectFilter, num } from '@/entities/car';
import { RADIUS_OPTIONS, homePostcodeOffer, normalisePostcode, type MarketFilters } from '../market-filters';

export function PostcodeFilter({
  filters,
  onApply,
  error,
  homePostcode,
}: {
  filters: MarketFilters;
  onApply: (p: Partial<MarketFilters>) => void;
  error?: string;
  homePostcode?: string | null;
}) {
  const offer = homePostcodeOffer(filters.postcode, homePostcode);
  // With no postcode in the URL the field starts with the home postcode; nothing is searched until applied.
  const initial = filters.postcode ?? offer ?? '';
  const submit = (text: string) => {
    if (text.trim() === '') {
      onApply({ postcode: undefined });
      return undefined;
    }
    const pc = normalisePostcode(text);
    if (!pc) return 'Please enter a valid UK postcode, like LS1 4AP.';
    onApply({ postcode: pc, radius: filters.radius ?? 50 });
    return undefined;
  };
  return (
    <PostcodeForm
      id="mp-postcode"
      label="Your postcode"
      ariaLabel="Distance from postcode"
      role="search"
      className="cat-filter cat-postcode"
      placeholder="e.g. LS1 4AP"
      testId="filter-postcode"
      initial={initial}
      onPostcode={submit}
      error={error}
      actions={
        offer && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => onApply({ postcode: offer, radius: filters.radius ?? 50 })}
            data-testid="use-home-postcode"
          >
            Use my postcode ({offer})
          </Button>
        )
      }
    >
      {filters.postcode && (
        <SelectFilter
          label="Distance"
          value={filters.radius?.toString()}
          anyLabel="National"
          options={RADIUS_OPTIONS.map((r) => ({ value: String(r), label: `Within ${r} miles` }))}
          onChange={(v) => onApply({ radius: num(v) })}
          testId="filter-radius"
        />
      )}
    </PostcodeForm>
  );
}
