// A card grid (or one-column list) that renders only the rows near the viewport once it is long, with the
// page itself scrolling (window virtualisation): 1,000 results cost a screenful of cards. Short lists
// render plainly. Rows are measured as they render, so cards of any height line up.
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { columnsFor, VirtualRows } from './virtual-rows';

export { columnsFor };

/** Lists shorter than this render every item (cheap, and nothing to measure). */
export const VIRTUAL_FROM = 60;
/** localStorage switch for comparisons (bench/scroll.ts): 'off' renders every item. */
export const VIRTUAL_SWITCH_KEY = 'motorly:virtual-lists';

export interface VirtualGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Narrowest column in px (the grid's auto-fill minimum); null for a one-column list. */
  minColumnWidth: number | null;
  /** Estimated row height in px before a row is measured. */
  estimateRowHeight: number;
  /** Gap between rows and columns, px (the grid's CSS gap). */
  gap?: number;
  className: string;
  testId?: string;
  /** Extra data-* attributes for the container (e.g. data-view). */
  data?: Record<string, string>;
  /**
   * A list whose pages land as the reader scrolls: its first `keepFirst` items render plainly (a new search
   * costs what a plain list does), and every item after them is virtual from the first (the list never turns
   * virtual mid-scroll: that switch rendered the rows' cards anew in one task, 85-214 ms at 4x CPU).
   */
  keepFirst?: number;
}

function virtualisationOff(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(VIRTUAL_SWITCH_KEY) === 'off';
  } catch {
    return false;
  }
}

/** Cards of the retired plain list removed per step once the list has turned virtual (see VirtualGrid). */
export const RETIRE_STEP = 8;
const RETIRE_EVERY_MS = 16;

/**
 * The plain list once the list has turned virtual: kept in the page a moment, out of sight (content-visibility:
 * hidden keeps its boxes, so hiding it lays out and styles nothing) and emptied a few cards a frame. Removed at
 * the switch, its 40-59 cards (a picture's SVG each) were unmounted in the switch's own commit: about a third
 * of a 306 ms task in a bench:scroll-tasks list-1280 trace (React's deletion walk and removeChild, 4x CPU).
 */
const RETIRED_STYLE = { contentVisibility: 'hidden', height: 0, margin: 0, padding: 0, border: 0 } as const;

export function VirtualGrid<T>(props: VirtualGridProps<T>) {
  return props.keepFirst ? <KeptFirstGrid {...props} keepFirst={props.keepFirst} /> : <SwitchingGrid {...props} />;
}

/** A list rendered plainly until it is VIRTUAL_FROM long, then virtual. */
function SwitchingGrid<T>(props: VirtualGridProps<T>) {
  const { items, getKey, renderItem, className, testId, data } = props;
  const [off] = useState(virtualisationOff);
  const plain = useRef<HTMLDivElement>(null);
  const attrs = Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  const virtual = !off && items.length >= VIRTUAL_FROM;
  // What the plain list shows (set while rendering: it is what the retired list keeps after the switch).
  const [plainItems, setPlainItems] = useState<readonly T[]>(virtual ? [] : items);
  if (!virtual && plainItems !== items) setPlainItems(items);
  const [kept, setKept] = useState(Infinity);
  if (!virtual && kept !== Infinity) setKept(Infinity);
  const retiring = virtual && plainItems.length > 0;
  useEffect(() => {
    if (!retiring) return;
    const timer = setTimeout(() => {
      const left = Math.min(kept, plainItems.length) - RETIRE_STEP;
      if (left > 0) setKept(left);
      else {
        setPlainItems([]);
        setKept(Infinity);
      }
    }, RETIRE_EVERY_MS);
    return () => clearTimeout(timer);
  }, [retiring, kept, plainItems]);
  // The same card elements across the switch and the steps after it: React leaves those cards alone.
  const plainList = virtual ? plainItems : items;
  const cards = useMemo(
    () => plainList.map((item, i) => <Fragment key={getKey(item)}>{renderItem(item, i)}</Fragment>),
    [plainList, getKey, renderItem],
  );
  // Two places, the virtual rows before the plain list, so the plain list keeps its cards at the switch.
  return (
    <>
      {virtual ? <VirtualRows {...props} attrs={attrs} plain={plain} /> : null}
      {virtual && !retiring ? null : (
        <div
          ref={plain}
          className={className}
          data-testid={virtual ? undefined : testId}
          {...(virtual ? {} : attrs)}
          style={virtual ? RETIRED_STYLE : undefined}
          aria-hidden={virtual ? true : undefined}
        >
          {virtual ? cards.slice(0, kept) : cards}
        </div>
      )}
    </>
  );
}

/**
 * The first `keepFirst` items in a plain grid, the rest in virtual rows below it. Once more items follow, the
 * plain part holds whole rows only (a multiple of the columns), so the two parts line up as one grid.
 */
function KeptFirstGrid<T>(props: VirtualGridProps<T> & { keepFirst: number }) {
  const { items, getKey, renderItem, className, testId, data, keepFirst, minColumnWidth, gap = 16 } = props;
  const [off] = useState(virtualisationOff);
  const head = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = head.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const columns = columnsFor(width, minColumnWidth, gap);
  const plainCount =
    off || items.length <= keepFirst ? items.length : Math.max(columns, keepFirst - (keepFirst % columns));
  const attrs = Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  const plain = useMemo(() => items.slice(0, plainCount), [items, plainCount]);
  const rest = useMemo(() => items.slice(plainCount), [items, plainCount]);
  const cards = useMemo(
    () => plain.map((item, i) => <Fragment key={getKey(item)}>{renderItem(item, i)}</Fragment>),
    [plain, getKey, renderItem],
  );
  const renderRest = useCallback((item: T, i: number) => renderItem(item, plainCount + i), [renderItem, plainCount]);
  // One box for both parts, so a parent's own gap (a grid of the screen's sections) does not come between them.
  return (
    <div>
      <div ref={head} className={className} data-testid={testId} {...attrs}>
        {cards}
      </div>
      {rest.length > 0 ? (
        <VirtualRows
          {...props}
          items={rest}
          renderItem={renderRest}
          testId={testId ? `${testId}-more` : undefined}
          attrs={attrs}
          plain={head}
          below
        />
      ) : null}
    </div>
  );
}
