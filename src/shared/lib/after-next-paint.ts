// Without React: the early scripts (src/early) use it too, and must not pull React into their bundle.
/**
 * Runs `fn` in a task of its own after the next frame has been drawn: a callback at the next animation frame
 * runs just before that frame's style, layout and paint, and a timer it sets runs after them.
 * Returns a function that cancels it.
 */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
