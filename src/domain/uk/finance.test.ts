import { describe, expect, it } from 'vitest';
import { financeQuote, monthlyRateFromApr, type FinanceQuote } from './finance';

function quote(input: Parameters<typeof financeQuote>[0]): FinanceQuote {
  const result = financeQuote(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
}

/** Independent check: run the loan month by month and return what is left owing. */
function balanceAfter(credit: number, monthlyRate: number, payment: number, months: number): number {
  let balance = credit;
  for (let i = 0; i < months; i++) balance = balance * (1 + monthlyRate) - payment;
  return balance;
}

// (1.01)^12 = 1.12682503..., so this APR is exactly 1% a month.
const APR_ONE_PCT_MONTHLY = (Math.pow(1.01, 12) - 1) * 100;

describe('monthly rate from APR', () => {
  it('uses the annual effective rate, not APR / 12', () => {
    expect(monthlyRateFromApr(APR_ONE_PCT_MONTHLY)).toBeCloseTo(0.01, 12);
    expect(monthlyRateFromApr(9.9)).toBeCloseTo(0.007898, 6);
    expect(monthlyRateFromApr(0)).toBe(0);
  });
});

describe('hire purchase', () => {
  it('matches a worked example at 1% a month', () => {
    // £10,000 over 12 months at 1%/month: 10000 * 0.01 / (1 - 1.01^-12) = 888.4879 -> £888.49.
    const q = quote({ type: 'hp', cashPrice: 11_000, deposit: 1_000, termMonths: 12, apr: APR_ONE_PCT_MONTHLY });
    expect(q.amountOfCredit).toBe(10_000);
    expect(q.monthlyPayment).toBe(888.49);
    expect(q.totalPayable).toBeCloseTo(11_661.88, 2);
    expect(q.totalInterest).toBeCloseTo(1_000 + 888.49 * 12 - 11_000, 2);
  });

  it('repays the credit exactly over the term at 9.9% APR', () => {
    const q = quote({ type: 'hp', cashPrice: 20_000, deposit: 2_000, termMonths: 48, apr: 9.9 });
    expect(Math.abs(balanceAfter(18_000, monthlyRateFromApr(9.9), q.monthlyPayment, 48))).toBeLessThan(2);
    expect(q.totalInterest).toBeGreaterThan(0);
  });

  it('divides the credit evenly at 0% APR', () => {
    const q = quote({ type: 'hp', cashPrice: 20_000, deposit: 2_000, termMonths: 48, apr: 0 });
    expect(q.monthlyPayment).toBe(375);
    expect(q.totalPayable).toBe(20_000);
    expect(q.totalInterest).toBe(0);
  });
});

describe('PCP', () => {
  it('leaves the final payment owing at the end of the term', () => {
    // (22000 - 10000/1.01^36) * 0.01 / (1 - 1.01^-36) = 498.57
    const q = quote({
      type: 'pcp',
      cashPrice: 25_000,
      deposit: 3_000,
      termMonths: 36,
      apr: APR_ONE_PCT_MONTHLY,
      finalPayment: 10_000,
    });
    expect(q.monthlyPayment).toBe(498.57);
    expect(balanceAfter(22_000, 0.01, q.monthlyPayment, 36)).toBeCloseTo(10_000, 0);
    expect(q.totalPayable).toBeCloseTo(3_000 + 498.57 * 36 + 10_000, 2);
  });

  it('costs less a month than HP for the same car', () => {
    const base = { cashPrice: 25_000, deposit: 3_000, termMonths: 36, apr: 8.9 } as const;
    expect(quote({ ...base, type: 'pcp', finalPayment: 9_000 }).monthlyPayment).toBeLessThan(
      quote({ ...base, type: 'hp' }).monthlyPayment,
    );
  });
});

describe('validation', () => {
  it('reports each bad field with a friendly message', () => {
    const r = financeQuote({
      type: 'pcp',
      cashPrice: 10_000,
      deposit: 12_000,
      termMonths: 7,
      apr: 80,
      finalPayment: -1,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(Object.keys(r.errors).sort()).toEqual(['apr', 'deposit', 'finalPayment', 'termMonths']);
      expect(r.errors.deposit).toBe('The deposit must be less than the cash price.');
    }
  });

  it('rejects a balloon on HP and a balloon bigger than the credit', () => {
    expect(
      financeQuote({ type: 'hp', cashPrice: 10_000, deposit: 0, termMonths: 24, apr: 5, finalPayment: 100 }).ok,
    ).toBe(false);
    expect(
      financeQuote({ type: 'pcp', cashPrice: 10_000, deposit: 1_000, termMonths: 24, apr: 5, finalPayment: 9_000 }).ok,
    ).toBe(false);
    expect(financeQuote({ type: 'hp', cashPrice: Number.NaN, deposit: 0, termMonths: 24, apr: 5 }).ok).toBe(false);
  });
});
