// The client renders its own tree over the prerendered home page (no hydration), which would drop the
// keyboard focus of anyone who tabbed in first (e.g. onto the skip link). The trees are the same, so
// the focused element's position among the focusable ones is carried over to the new tree.
const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]';

export function keepFocusAcrossTakeover(container: HTMLElement): void {
  const focusables = () => [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const prerendered = new Set(focusables());
  let index = -1;
  const note = () => {
    const active = document.activeElement as HTMLElement | null;
    if (active && prerendered.has(active)) index = focusables().indexOf(active);
  };
  document.addEventListener('focusin', note);
  note();
  const observer = new MutationObserver(() => {
    // Wait until none of the prerendered elements is left, i.e. the client's tree is in.
    if (focusables().some((el) => prerendered.has(el))) return;
    if (container.querySelector('main') === null) return;
    observer.disconnect();
    document.removeEventListener('focusin', note);
    const lost = !document.activeElement || document.activeElement === document.body;
    if (index >= 0 && lost) focusables()[index]?.focus();
  });
  observer.observe(container, { childList: true, subtree: true });
}
