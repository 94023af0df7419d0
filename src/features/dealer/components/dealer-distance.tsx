import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { milesFromPostcode, type LatLng } from '@/shared/lib/uk';
import { Button } from '@/shared/ui';

/** "12 miles from LS1 4AP", from the postcode in the URL (shared with the stock's distance filter). */
export function DealerDistance({ to, postcode }: { to: LatLng; postcode?: string }) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(postcode ?? '');
  const [error, setError] = useState<string | undefined>();
  const result = postcode ? milesFromPostcode(postcode, to) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = text.trim().toUpperCase();
    const check = milesFromPostcode(typed, to);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(undefined);
    const next = new URLSearchParams(params);
    next.set('postcode', typed);
    setParams(next, { replace: true });
  };

  if (result?.ok)
    return (
      <p className="dealer-line dealer-distance" data-testid="dealer-distance">
        <strong>{Math.round(result.miles)} miles</strong> from {postcode}
      </p>
    );
  return (
    <form className="dealer-distance-form" onSubmit={submit} aria-label="Distance from your postcode">
      <label htmlFor="dealer-postcode" className="cat-filter__label">
        How far is it from you?
      </label>
      <div className="cat-inline">
        <input
          id="dealer-postcode"
          className="input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Your postcode, e.g. LS1 4AP"
          autoComplete="postal-code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'dealer-postcode-error' : undefined}
          data-testid="dealer-postcode"
        />
        <Button type="submit" variant="secondary">
          Go
        </Button>
      </div>
      {error && (
        <p id="dealer-postcode-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
