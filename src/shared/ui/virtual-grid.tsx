// A card grid (or one-column list) that renders only the rows near the viewport once it is long, with the
// page itself scrolling (window virtualisation): 1,000 results cost a screenful of cards. Short lists
// render plainly. Rows are measured as they render, so cards of any height line up.
import {
  Fragment,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { measureElement as measureRow, useWindowVirtualizer } from '@tanstack/react-virtual';
import { afterNextPaint } from '@/shared/lib/after-next-paint';
import { InVirtualListContext } from './in-virtual-list';

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
}

function virtualisationOff(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(VIRTUAL_SWITCH_KEY) === 'off';
  } catch {
    return false;
  }
}

export function columnsFor(width: number, minColumnWidth: number | null, gap: number): number {
  if (minColumnWidth === null || width <= 0) return 1;
  return Math.max(1, Math.floor((width + gap) / (Math.min(width, minColumnWidth) + gap)));
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

/** The plain list's width and top (page coordinates) as it turns virtual, so the rows start where it was. */
function plainBox(plain: RefObject<HTMLDivElement | null>): { width: number; top: number } {
  const el = plain.current;
  if (!el?.isConnected) return { width: 0, top: 0 };
  return { width: el.clientWidth, top: Math.round(el.getBoundingClientRect().top + window.scrollY) };
}

const initialWindowRect = () =>
  typeof window === 'undefined' ? { width: 0, height: 0 } : { width: window.innerWidth, height: window.innerHeight };

/** Rows mounted beyond the viewport on each side, once the list has settled (see VirtualRows). */
const OVERSCAN = 2;
const OVERSCAN_STEP_MS = 32;

/** The last measured row height of each list at each width (see VirtualRows). */
const typicalHeights = new Map<string, number>();

function VirtualRows<T>({
  items,
  getKey,
  renderItem,
  minColumnWidth,
  estimateRowHeight,
  gap = 16,
  className,
  testId,
  attrs,
  plain,
}: VirtualGridProps<T> & { attrs: Record<string, string>; plain: RefObject<HTMLDivElement | null> }) {
  const ref = useRef<HTMLDivElement>(null);
  // Read while the plain list is still in the page (this render replaces it): the first rows then have their
  // columns and place at once, not one column at the top of the page and every row mounted again after.
  const [start] = useState(() => plainBox(plain));
  const [width, setWidth] = useState(start.width);
  const [top, setTop] = useState(start.top);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    // Known from the plain list: the observer's first delivery, after the frame's own layout, measures it. Read
    // here, in the commit that mounts the rows, it laid them out inside the commit's task.
    if (!start.width) measure();
    // The grid's own width sets the columns; the page's height changes when anything above it grows.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [start.width]);
  const columns = columnsFor(width, minColumnWidth, gap);
  const rowCount = Math.ceil(items.length / columns);
  // Row keys once per list, not a new string per row each time the virtualizer lays rows out again (it
  // walks every row after the one just measured: 1,000 string builds a measurement).
  const keys = useMemo(
    () => Array.from({ length: rowCount }, (_, row) => `${columns}:${getKey(items[row * columns])}`),
    [items, columns, rowCount, getKey],
  );
  // Rows not yet measured are estimated as tall as the last row measured when the list (at this width) was
  // first laid out, kept per list and width beyond this mount, so a list rebuilt on Back is as tall as the
  // one left. The estimate stays fixed while the list is shown: moved by each measurement (as it was), a
  // row first measured at the new estimate counted as unchanged and was never recorded, so when the
  // estimate moved again it kept a wrong height and the rows below it overlapped it (virtual-list e2e).
  const typicalKey = `${testId ?? className ?? ''}:${width}:${columns}`;
  const estimates = useRef(new Map<string, number>());
  const estimateFor = (key: string): number => {
    let estimate = estimates.current.get(key);
    if (estimate === undefined) {
      estimate = typicalHeights.get(key) || estimateRowHeight + gap;
      estimates.current.set(key, estimate);
    }
    return estimate;
  };
  // The rows in view mount with the list (they replace the plain list's cards there); the overscan rows
  // around them a row a task after, so the switch lays out a screenful of cards, not two more rows of them.
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    if (overscan >= OVERSCAN) return;
    const timer = setTimeout(() => setOverscan((n) => n + 1), OVERSCAN_STEP_MS);
    return () => clearTimeout(timer);
  }, [overscan]);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    // The window's size from the first render: with the default (0 x 0) the first render held one row, and the
    // rows in view rendered in a second, synchronous render from the virtualizer's mount effect, inside the
    // commit's task. Rendered in the first render, they are part of the transition React renders in slices.
    initialRect: initialWindowRect(),
    estimateSize: () => estimateFor(typicalKey),
    // Heights come from the ResizeObserver's entries, delivered together after the frame's layout. Read as
    // each row's ref attaches (offsetHeight), every read forced a layout, and each row's new height moved the
    // rows after it (a style write), so the next read laid out again: the list's switch to virtual rows spent
    // about 75 ms of a 129 ms task at 4x CPU on that (bench:scroll-tasks list 390 trace).
    measureElement: (el, entry, instance) => {
      if (!entry && typeof ResizeObserver !== 'undefined') {
        const cached = instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(el)));
        return cached ?? estimateFor(typicalKey);
      }
      const size = measureRow(el, entry, instance);
      typicalHeights.set(typicalKey, size);
      return size;
    },
    overscan,
    scrollMargin: top,
    getItemKey: (row) => keys[row],
    // Scrolling moves the rows by style (transform) without a React render; React renders only when rows
    // come into or leave the range.
    directDomUpdates: true,
    // That render in a task of its own, not inside the scroll event (the frame's task): the overscan rows
    // are off screen, so a row mounting a task later is not seen.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const inView = virtualizer.range;
  const setContainer = useCallback(
    (el: HTMLDivElement | null) => {
      ref.current = el;
      virtualizer.containerRef(el);
    },
    [virtualizer],
  );
  return (
    <div
      ref={setContainer}
      className={`virtual-grid ${className}`}
      data-testid={testId}
      data-virtual="on"
      {...attrs}
      style={{ position: 'relative', display: 'block' }}
    >
      <InVirtualListContext.Provider value={true}>
        {rows.map((row) => (
          <VirtualRow
            key={row.key}
            index={row.index}
            items={items}
            columns={columns}
            gap={gap}
            className={className}
            getKey={getKey as (item: unknown) => string}
            renderItem={renderItem as (item: unknown, index: number) => ReactNode}
            measure={virtualizer.measureElement}
            offscreen={!!inView && (row.index < inView.startIndex || row.index > inView.endIndex)}
          />
        ))}
      </InVirtualListContext.Provider>
    </div>
  );
}

interface VirtualRowProps {
  index: number;
  items: readonly unknown[];
  columns: number;
  gap: number;
  className: string;
  getKey: (item: unknown) => string;
  renderItem: (item: unknown, index: number) => ReactNode;
  measure: (el: HTMLDivElement | null) => void;
  /** Mounting outside the viewport (an overscan row): its cards come in one a frame (see VirtualRow). */
  offscreen?: boolean;
}

/** Whether a row shows the same items as before (a new page appends items: the rows above it are unchanged). */
function sameRow(a: VirtualRowProps, b: VirtualRowProps): boolean {
  if (
    a.index !== b.index ||
    a.columns !== b.columns ||
    a.gap !== b.gap ||
    a.className !== b.className ||
    a.getKey !== b.getKey ||
    a.renderItem !== b.renderItem ||
    a.measure !== b.measure
  )
    return false;
  if (a.items === b.items) return true;
  const first = a.index * a.columns;
  for (let i = first; i < first + a.columns; i++) if (a.items[i] !== b.items[i]) return false;
  return true;
}

/**
 * One row of cards; memoised (by its own items), so scrolling or a new page re-renders only the rows that
 * come into range or change. Its position (transform) is set by the virtualizer, outside React.
 * A row mounting off screen (ahead of the reader) brings its cards in one a frame: a row of three cards laid
 * out and painted in one frame made tasks of 55-80 ms while scrolling the 1280 px grid at 4x CPU
 * (bench:scroll-tasks); the row is two rows ahead of the viewport, so its cards are all in long before it shows.
 */
const VirtualRow = memo(function VirtualRow({
  index,
  items,
  columns,
  gap,
  className,
  getKey,
  renderItem,
  measure,
  offscreen,
}: VirtualRowProps) {
  const [shown, setShown] = useState(offscreen ? 1 : Infinity);
  useEffect(() => {
    if (shown >= columns) return;
    // After the next frame's paint: each card's layout and paint in a frame of its own.
    return afterNextPaint(() => setShown((n) => n + 1));
  }, [shown, columns]);
  const first = index * columns;
  return (
    <div
      ref={measure}
      data-index={index}
      className={className}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        paddingBottom: gap,
        // A row mounting as the page scrolls lays out its own cards only.
        contain: 'layout style',
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
      }}
    >
      {items.slice(first, first + Math.min(columns, shown)).map((item, i) => (
        <Fragment key={getKey(item)}>{renderItem(item, first + i)}</Fragment>
      ))}
    </div>
  );
}, sameRow);
