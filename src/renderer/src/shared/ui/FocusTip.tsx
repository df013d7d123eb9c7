// The keyboard's hover: when an element takes keyboard focus, what a mouse would have found in a
// hover title is shown beside it — the element's own title (an exact figure, a date, a whole name),
// or else the whole text of anything in it cut short by an ellipsis and, for a table row, what its
// cells' titles say under their columns' names. One tip for the whole app.
// It is hidden from screen readers: they already read the title (as the description) and the
// whole text (a cut is only visual).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What the tip says for an element, or null when it has nothing to add to what is on screen. */
export function focusTipText(el: Element): string | null {
  const own = el.getAttribute('title')?.trim();
  if (own && own !== el.textContent?.trim()) return own;
  const lines: string[] = [];
  // A focused table row: what its cells' titles say (an exact figure, a date), each under its column's name.
  if (el instanceof HTMLTableRowElement) {
    const head = el.closest('table')?.tHead?.rows[0];
    for (const cell of el.cells) {
      const title = cell.getAttribute('title')?.trim();
      if (!title || title === cell.textContent?.trim()) continue;
      const column = head?.cells[cell.cellIndex]?.textContent?.trim();
      lines.push(column ? `${column}: ${title}` : title);
    }
  }
  const cut: string[] = [];
  for (const inner of [el, ...el.querySelectorAll('*')]) {
    if (!(inner instanceof HTMLElement) || inner.clientWidth === 0) continue;
    if (getComputedStyle(inner).textOverflow !== 'ellipsis' || inner.scrollWidth <= inner.clientWidth + 1) continue;
    const whole = inner.closest('[title]')?.getAttribute('title') ?? inner.textContent?.trim();
    if (whole && !cut.includes(whole)) cut.push(whole);
  }
  const all = [...cut, ...lines];
  return all.length > 0 ? all.join('\n') : null;
}

interface Tip {
  text: string;
  anchor: DOMRect;
}

const GAP = 6;
const MARGIN = 8;

export function FocusTip() {
  const [tip, setTip] = useState<Tip | null>(null);
  const target = useRef<Element | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const show = (event: FocusEvent) => {
      const el = event.target;
      // Keyboard focus only: a click has the mouse's own hover.
      if (!(el instanceof HTMLElement) || !el.matches(':focus-visible')) return setTip(null);
      const text = focusTipText(el);
      target.current = text ? el : null;
      setTip(text ? { text, anchor: el.getBoundingClientRect() } : null);
    };
    const hide = () => {
      target.current = null;
      setTip(null);
    };
    // The element is measured now: by the time React runs an updater, a focusout in the same turn
    // may have let it go (reading it there took the whole page down).
    const follow = () => {
      const el = target.current;
      if (!el) return;
      const anchor = el.getBoundingClientRect();
      setTip((t) => (t ? { ...t, anchor } : t));
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && target.current && hide();
    document.addEventListener('focusin', show);
    document.addEventListener('focusout', hide);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('focusin', show);
      document.removeEventListener('focusout', hide);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, []);

  // Below the element, or above it when the window ends first; never past either side.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !tip) return;
    const { width, height } = el.getBoundingClientRect();
    const below = tip.anchor.bottom + GAP;
    const top = below + height > window.innerHeight - MARGIN ? Math.max(MARGIN, tip.anchor.top - GAP - height) : below;
    const left = Math.max(MARGIN, Math.min(tip.anchor.left, window.innerWidth - MARGIN - width));
    el.style.top = `${top}px`;
    el.style.left = `${left}px`;
  }, [tip]);

  if (!tip) return null;
  return (
    <div ref={box} className="focus-tip" aria-hidden="true" data-testid="focus-tip">
      {tip.text}
    </div>
  );
}
