// The virtual rows of a VirtualGrid (virtual-grid.tsx): only the rows near the viewport are rendered, with the
// page itself scrolling (window virtualisation), each row measured as it renders so cards of any height line up.
import {
  Fragment,
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { measureElement as measureRow, useWindowVirtualizer } from '@tanstack/react-virtual';
import { InVirtualListContext } from './in-virtual-list';
import type { VirtualGridProps } from './virtual-grid';

export function columnsFor(width: number, minColumnWidth: number | null, gap: number): number {
  if (minColumnWidth === null || width <= 0) return 1;
  return Math.max(1, Math.floor((width + gap) / (Math.min(width, minColumnWidth) + gap)));
}

/** The plain list's width and top (page coordinates) as it turns virtual, so the rows start where it was. */
export function plainBox(plain: RefObject<HTMLDivElement | null>, below = false): { width: number; top: number } {
  const el = plain.current;
  if (!el?.isConnected) return { width: 0, top: 0 };
  const box = el.getBoundingClientRect();
  return { width: el.clientWidth, top: Math.round((below ? box.bottom : box.top) + window.scrollY) };
}

/** The last measured row height of each list at each width (see VirtualRows). */
const typicalHeights = new Map<string, number>();

export function VirtualRows<T>({
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
  below = false,
}: VirtualGridProps<T> & {
  attrs: Record<string, string>;
  plain: RefObject<HTMLDivElement | null>;
  /** The rows continue a plain grid that stays above them (VirtualGrid's keepFirst), a gap below it. */
  below?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Read while the plain list is still in the page (this render replaces it): the first rows then have their
  // columns and place at once, not one column at the top of the page and every row mounted again after.
  const [start] = useState(() => {
    const box = plainBox(plain, below);
    return below ? { ...box, top: box.top + gap } : box;
  });
  const [width, setWidth] = useState(start.width);
  const [top, setTop] = useState(start.top);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    // The grid's own width sets the columns; the page's height changes when anything above it grows.
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
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
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimateFor(typicalKey),
    measureElement: (el, entry, instance) => {
      const size = measureRow(el, entry, instance);
      typicalHeights.set(typicalKey, size);
      return size;
    },
    overscan: 2,
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
      style={{ position: 'relative', display: 'block', marginTop: below ? gap : undefined }}
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

/** One row of cards; memoised (by its own items), so scrolling or a new page re-renders only the rows that
 * come into range or change. Its position (transform) is set by the virtualizer, outside React. */
const VirtualRow = memo(function VirtualRow({
  index,
  items,
  columns,
  gap,
  className,
  getKey,
  renderItem,
  measure,
}: VirtualRowProps) {
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
      {items.slice(first, first + columns).map((item, i) => (
        <Fragment key={getKey(item)}>{renderItem(item, first + i)}</Fragment>
      ))}
    </div>
  );
}, sameRow);
