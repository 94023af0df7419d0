/**
 * Pictures drawn a few per task: inline SVG markup (about 1 ms each at 1x CPU to parse, style and lay
 * out), or an <img>'s data: URL src, which the browser loads in the microtask checkpoint of the task that
 * set it (whatever `loading` says; for an SVG, a whole document). A grid of pictures or brand monograms
 * appearing together (the catalogue arriving on the home page, a results page) drawn in one go made one
 * long task, counted by Lighthouse's Total Blocking Time. Queued drawings run DRAWS_PER_TASK to a timer
 * task, the main thread handed back in between (a count, not a time budget: the work happens after the
 * drawing function has returned).
 */
const DRAWS_PER_TASK = 3;
const queue: (() => void)[] = [];
let scheduled = false;

function drain(): void {
  scheduled = false;
  for (const draw of queue.splice(0, DRAWS_PER_TASK)) draw();
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
