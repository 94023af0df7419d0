// The price indicators a screen has already been given, per listing as rated (id, price and status): when a
// list grows by a page, only the new cars are asked for, and the cars already shown keep their indicator
// (the same object, so a memoised card does not render again, and no badge blinks out while the page loads).
import type { PriceIndicator } from '@/domain/uk';
import type { AnswerSource } from './use-server-first';
import type { ListingRow } from './types';

type Rated = Pick<ListingRow, 'id' | 'price' | 'status'>;

const rateKey = (row: Rated, year: number) => `${year}|${row.id}:${row.price}:${row.status}`;

export class IndicatorCache {
  private readonly known = new Map<string, { value: PriceIndicator; source: AnswerSource }>();
  private readonly asked = new Set<string>();

  /** The rows with no indicator yet and none being asked for. */
  missing<R extends Rated>(rows: readonly R[], year: number): R[] {
    return rows.filter((r) => !this.known.has(rateKey(r, year)) && !this.asked.has(rateKey(r, year)));
  }

  /** Marks rows as being asked for, so a render meanwhile does not ask again. */
  ask(rows: readonly Rated[], year: number): void {
    for (const r of rows) this.asked.add(rateKey(r, year));
  }

  /** Stores an answer for the rows asked for (or forgets the asking when there is none). */
  fill(rows: readonly Rated[], year: number, answer?: { value: Record<string, PriceIndicator>; source: AnswerSource }) {
    for (const r of rows) {
      const key = rateKey(r, year);
      this.asked.delete(key);
      const value = answer?.value[r.id];
      if (answer && value) this.known.set(key, { value, source: answer.source });
    }
  }

  /** Forgets the answers rated only against the device's rows (the server can now rate them all). */
  dropDeviceAnswers(): boolean {
    let dropped = false;
    for (const [key, entry] of this.known) if (entry.source === 'device') dropped = this.known.delete(key) || dropped;
    return dropped;
  }

  /** The indicators known for these rows, by id (undefined until at least one is known). */
  pick(rows: readonly Rated[], year: number): Record<string, PriceIndicator> | undefined {
    const out: Record<string, PriceIndicator> = {};
    let any = rows.length === 0;
    for (const r of rows) {
      const entry = this.known.get(rateKey(r, year));
      if (entry) {
        out[r.id] = entry.value;
        any = true;
      }
    }
    return any ? out : undefined;
  }
}
