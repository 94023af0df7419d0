import { useRef, type PointerEvent } from 'react';

/** How far a finger must travel sideways (px) before the gesture counts as a swipe. */
const SWIPE_MIN_PX = 40;

export interface SwipeHandlers {
  onPointerDown: (e: PointerEvent) => void;
  onPointerUp: (e: PointerEvent) => void;
  onPointerCancel: () => void;
  /** Whether the click that follows a pointerup belongs to a swipe (and should be ignored). */
  swiped: () => boolean;
}

/**
 * Horizontal swipes on an element (touch, pen or a mouse drag): `onSwipe(+1)` for a swipe to the left (next),
 * `-1` to the right (previous). Mostly-vertical movement is left to the page's scroll (pair with
 * `touch-action: pan-y`).
 */
export function useSwipe(onSwipe: (step: 1 | -1) => void): SwipeHandlers {
  const start = useRef<{ x: number; y: number } | null>(null);
  const lastWasSwipe = useRef(false);
  return {
    onPointerDown: (e) => {
      start.current = { x: e.clientX, y: e.clientY };
      lastWasSwipe.current = false;
    },
    onPointerUp: (e) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = e.clientX - from.x;
      const dy = e.clientY - from.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      lastWasSwipe.current = true;
      onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
    swiped: () => {
      const was = lastWasSwipe.current;
      lastWasSwipe.current = false;
      return was;
    },
  };
}
