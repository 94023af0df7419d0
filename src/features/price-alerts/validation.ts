// The 'Set price alert' target: pounds (optionally with £, commas and pence), more than £0 and
// below the listing's current price.
import { formatGBP } from '@/shared/lib/format';

export type TargetResult = { ok: true; target: number } | { ok: false; error: string };

export function parsePriceAlertTarget(raw: string, currentPrice: number): TargetResult {
  const text = raw.trim().replace(/^£/, '').replace(/,/g, '').trim();
  if (!text) return { ok: false, error: 'Enter the price you would pay, in pounds.' };
  if (!/^\d+(\.\d{1,2})?$/.test(text) && !/^-/.test(text)) {
    return { ok: false, error: 'Enter a price in pounds, like 15000 or 14999.99.' };
  }
  const target = Number(text);
  if (!Number.isFinite(target) || target <= 0) return { ok: false, error: 'The target price must be more than £0.' };
  if (target >= currentPrice) {
    return {
      ok: false,
      error: `The target price must be below the current price of ${formatGBP(currentPrice, { pence: !Number.isInteger(currentPrice) })}.`,
    };
  }
  return { ok: true, target };
}
