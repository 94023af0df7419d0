/**
 * Pictures drawn a few per task. The browser parses an SVG picture's document (1.5-2.5 ms at 1x CPU) in the
 * very task that sets its src when the src is a data: URL (whatever `loading` says), so a grid of generated
 * pictures or brand monograms appearing together (the catalogue arriving on the home page, a results page)
 * made one task of 20-35 ms, counted by Lighthouse's Total Blocking Time. Each queued drawing runs in a timer
 * task that draws until DRAW_BUDGET_MS have gone (at least one picture), then hands the main thread back.
 */
const DRAW_BUDGET_MS = 4;
const queue: (() => void)[] = [];
let scheduled = false;

function drain(): void {
  scheduled = false;
  const start = performance.now();
  do queue.shift()?.();
  while (queue.length > 0 && performance.now() - start < DRAW_BUDGET_MS);
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(drain, 0);
}

/** Queues a drawing; the returned function takes it off the queue if it has not run yet. */
export function queueDraw(draw: () => void): () => void {
  queue.push(draw);
  schedule();
  return () => {
    const i = queue.indexOf(draw);
    if (i >= 0) queue.splice(i, 1);
  };
}
