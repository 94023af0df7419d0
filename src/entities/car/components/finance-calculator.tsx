import { useId, useState } from 'react';
import { financeQuote, type FinanceType } from '@/domain/uk';
import { formatGBP } from '@/shared/lib/format';

/** PCP and HP calculator. The APR, total payable and cash price are always shown, as UK rules expect. */
export function FinanceCalculator({ cashPrice }: { cashPrice: number }) {
  const id = useId();
  const [type, setType] = useState<FinanceType>('pcp');
  const [deposit, setDeposit] = useState(Math.round(cashPrice * 0.1));
  const [term, setTerm] = useState(48);
  const [apr, setApr] = useState(9.9);
  const [finalPayment, setFinal] = useState(Math.round(cashPrice * 0.35));
  const result = financeQuote({
    type,
    cashPrice,
    deposit,
    termMonths: term,
    apr,
    finalPayment: type === 'pcp' ? finalPayment : undefined,
  });
  const field = (
    name: string,
    label: string,
    value: number,
    set: (n: number) => void,
    opts: { step?: number; min?: number; max?: number; error?: string } = {},
  ) => (
    <div className="cat-filter">
      <label htmlFor={`${id}-${name}`} className="cat-filter__label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        type="number"
        inputMode="decimal"
        value={Number.isFinite(value) ? value : ''}
        step={opts.step ?? 1}
        min={opts.min}
        max={opts.max}
        aria-invalid={opts.error ? true : undefined}
        aria-describedby={opts.error ? `${id}-${name}-err` : undefined}
        onChange={(e) => set(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      />
      {opts.error && (
        <p id={`${id}-${name}-err`} className="field__error">
          {opts.error}
        </p>
      )}
    </div>
  );
  const errors = result.ok ? {} : result.errors;
  return (
    <div className="cat-panel" data-testid="finance-calculator">
      <h2>Finance calculator</h2>
      <div className="cat-segment" role="radiogroup" aria-label="Finance type">
        {(['pcp', 'hp'] as const).map((t) => (
          <label key={t} className="cat-check">
            <input type="radio" name={`${id}-type`} checked={type === t} onChange={() => setType(t)} />
            <span>{t === 'pcp' ? 'PCP' : 'Hire purchase (HP)'}</span>
          </label>
        ))}
      </div>
      <div className="cat-pair">
        {field('deposit', 'Deposit (£)', deposit, setDeposit, { step: 100, min: 0, error: errors.deposit })}
        <div className="cat-filter">
          <label htmlFor={`${id}-term`} className="cat-filter__label">
            Term
          </label>
          <select id={`${id}-term`} className="select" value={term} onChange={(e) => setTerm(Number(e.target.value))}>
            {[24, 36, 48, 60].map((m) => (
              <option key={m} value={m}>
                {m} months
              </option>
            ))}
          </select>
        </div>
        {field('apr', 'APR (%)', apr, setApr, { step: 0.1, min: 0, max: 50, error: errors.apr })}
        {type === 'pcp' &&
          field('final', 'Optional final payment (£)', finalPayment, setFinal, {
            step: 100,
            min: 0,
            error: errors.finalPayment,
          })}
      </div>
      {result.ok ? (
        <dl className="cat-spec" aria-live="polite">
          <div>
            <dt>Monthly payment</dt>
            <dd data-testid="finance-monthly">{formatGBP(result.quote.monthlyPayment, { pence: true })}</dd>
          </div>
          <div>
            <dt>Total payable</dt>
            <dd>{formatGBP(result.quote.totalPayable, { pence: true })}</dd>
          </div>
          <div>
            <dt>Cash price</dt>
            <dd>{formatGBP(cashPrice)}</dd>
          </div>
          <div>
            <dt>Representative APR</dt>
            <dd>{result.quote.apr}%</dd>
          </div>
          <div>
            <dt>Amount of credit</dt>
            <dd>{formatGBP(result.quote.amountOfCredit, { pence: true })}</dd>
          </div>
          <div>
            <dt>Total interest</dt>
            <dd>{formatGBP(result.quote.totalInterest, { pence: true })}</dd>
          </div>
        </dl>
      ) : (
        <p className="cat-muted" role="status">
          Check the highlighted figures to see a quote. APR {Number.isFinite(apr) ? apr : '–'}% · cash price{' '}
          {formatGBP(cashPrice)}.
        </p>
      )}
      <p className="cat-muted cat-small">An illustration, not an offer of finance. Finance is subject to status.</p>
    </div>
  );
}
