/**
 * Hire purchase (HP) and personal contract purchase (PCP) quotes. The representative APR is an annual
 * effective rate, so the monthly rate is (1 + APR)^(1/12) - 1. Payments are rounded to the penny.
 */

export type FinanceType = 'hp' | 'pcp';

export interface FinanceInput {
  type: FinanceType;
  cashPrice: number;
  deposit: number;
  termMonths: number;
  /** Representative APR in percent, e.g. 9.9. */
  apr: number;
  /** PCP only: optional final ("balloon") payment. */
  finalPayment?: number;
}

export interface FinanceQuote {
  type: FinanceType;
  cashPrice: number;
  deposit: number;
  termMonths: number;
  apr: number;
  amountOfCredit: number;
  monthlyPayment: number;
  finalPayment: number;
  totalPayable: number;
  totalInterest: number;
}

export type FinanceField = 'cashPrice' | 'deposit' | 'termMonths' | 'apr' | 'finalPayment';

export type FinanceResult =
  { ok: true; quote: FinanceQuote } | { ok: false; errors: Partial<Record<FinanceField, string>> };

export const TERM_MONTHS_MIN = 12;
export const TERM_MONTHS_MAX = 60;
export const APR_MAX = 50;

const pence = (n: number): number => Math.round(n * 100) / 100;

export function monthlyRateFromApr(aprPercent: number): number {
  return Math.pow(1 + aprPercent / 100, 1 / 12) - 1;
}

export function validateFinance(input: FinanceInput): Partial<Record<FinanceField, string>> {
  const errors: Partial<Record<FinanceField, string>> = {};
  const finite = (n: number): boolean => typeof n === 'number' && Number.isFinite(n);
  if (!finite(input.cashPrice) || input.cashPrice <= 0) errors.cashPrice = 'Enter a cash price above £0.';
  if (!finite(input.deposit) || input.deposit < 0) errors.deposit = 'The deposit cannot be negative.';
  else if (finite(input.cashPrice) && input.deposit >= input.cashPrice)
    errors.deposit = 'The deposit must be less than the cash price.';
  if (!Number.isInteger(input.termMonths) || input.termMonths < TERM_MONTHS_MIN || input.termMonths > TERM_MONTHS_MAX) {
    errors.termMonths = `Choose a term between ${TERM_MONTHS_MIN} and ${TERM_MONTHS_MAX} months.`;
  }
  if (!finite(input.apr) || input.apr < 0 || input.apr > APR_MAX)
    errors.apr = `Enter an APR between 0% and ${APR_MAX}%.`;
  const final = input.finalPayment ?? 0;
  if (input.type === 'hp' && final !== 0) errors.finalPayment = 'Hire purchase has no final payment.';
  if (input.type === 'pcp') {
    if (!finite(final) || final < 0) errors.finalPayment = 'The final payment cannot be negative.';
    else if (!errors.cashPrice && !errors.deposit && final >= input.cashPrice - input.deposit) {
      errors.finalPayment = 'The final payment must be less than the amount borrowed.';
    }
  }
  return errors;
}

/** Monthly payment that repays `credit` over n months at rate r, leaving `balloon` due at the end. */
export function annuityPayment(credit: number, r: number, n: number, balloon = 0): number {
  if (r === 0) return (credit - balloon) / n;
  const discountedBalloon = balloon / Math.pow(1 + r, n);
  return ((credit - discountedBalloon) * r) / (1 - Math.pow(1 + r, -n));
}

export function financeQuote(input: FinanceInput): FinanceResult {
  const errors = validateFinance(input);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const finalPayment = input.type === 'pcp' ? (input.finalPayment ?? 0) : 0;
  const credit = input.cashPrice - input.deposit;
  const r = monthlyRateFromApr(input.apr);
  const monthlyPayment = pence(annuityPayment(credit, r, input.termMonths, finalPayment));
  const totalPayable = pence(input.deposit + monthlyPayment * input.termMonths + finalPayment);
  return {
    ok: true,
    quote: {
      type: input.type,
      cashPrice: input.cashPrice,
      deposit: input.deposit,
      termMonths: input.termMonths,
      apr: input.apr,
      amountOfCredit: pence(credit),
      monthlyPayment,
      finalPayment,
      totalPayable,
      totalInterest: pence(totalPayable - input.cashPrice),
    },
  };
}
