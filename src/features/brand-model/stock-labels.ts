// The words for how many cars of a model or brand are for sale: the server's count of the whole market,
// or, offline, no figure on the link (the device holds only some cars) and a note of what it does hold.
import type { AnswerSource } from '@/data/catalogue';

interface Counted {
  total: number;
  estimated: boolean;
  source: AnswerSource;
}

/** "1,234", or "about 12,000" for the server's estimate. */
export function countWords(total: number, estimated: boolean): string {
  return `${estimated ? 'about ' : ''}${total.toLocaleString('en-GB')}`;
}

/** The model page's link to its cars: "See 14 used Puma for sale" (no figure until counted, or offline). */
export function forSaleLabel(modelName: string, counted: Counted | undefined): string {
  if (!counted || counted.source === 'device') return `See used ${modelName} for sale`;
  return `See ${countWords(counted.total, counted.estimated)} used ${modelName} for sale`;
}

/** Offline, above the cars shown: they are the ones saved on this phone, not the market. */
export function heldNote(held: number): string {
  const cars = held === 1 ? '1 car' : `${held.toLocaleString('en-GB')} cars`;
  return `You're offline: showing ${cars} saved on this phone. Connect to see every one for sale.`;
}

/** The brand page's link: "1,234 used Ford cars for sale", or without a figure until counted or offline. */
export function brandForSaleLabel(brandName: string, count: number | undefined): string {
  return count === undefined
    ? `Used ${brandName} cars for sale`
    : `${count.toLocaleString('en-GB')} used ${brandName} ${count === 1 ? 'car' : 'cars'} for sale`;
}
