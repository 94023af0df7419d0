import { useSearchParams } from 'react-router-dom';
import { milesFromPostcode, type LatLng } from '@/domain/uk';
import { PostcodeForm } from '@/entities/car';

/** "12 miles from LS1 4AP", from the postcode in the URL (shared with the stock's distance filter). */
export function DealerDistance({ to, postcode }: { to: LatLng; postcode?: string }) {
  const [params, setParams] = useSearchParams();
  const result = postcode ? milesFromPostcode(postcode, to) : undefined;

  const submit = (text: string) => {
    const typed = text.trim().toUpperCase();
    const check = milesFromPostcode(typed, to);
    if (!check.ok) return check.message;
    const next = new URLSearchParams(params);
    next.set('postcode', typed);
    setParams(next, { replace: true });
    return undefined;
  };

  if (result?.ok)
    return (
      <p className="dealer-line dealer-distance" data-testid="dealer-distance">
        <strong>{Math.round(result.miles)} miles</strong> from {postcode}
      </p>
    );
  return (
    <PostcodeForm
      id="dealer-postcode"
      label="How far is it from you?"
      ariaLabel="Distance from your postcode"
      className="dealer-distance-form"
      placeholder="Your postcode, e.g. LS1 4AP"
      testId="dealer-postcode"
      initial={postcode ?? ''}
      onPostcode={submit}
    />
  );
}
