// A menu whose trigger is there at once and whose Mantine Menu (with floating-ui, ~20 kB gzip) arrives after
// the first paint, or at the first touch of the trigger: nobody opens a menu before the page has painted
// (decision 0014). The trigger looks and is named the same before and after.
import { Suspense, useEffect, useState, type ReactElement, type RefObject } from 'react';
import type { OnDemand } from '../../lib/on-demand.ts';

/** What the loaded menu receives besides its own props. */
export interface MenuMount {
  /** The learner activated the trigger before the menu had loaded: open at once. */
  defaultOpened: boolean;
  /** The placeholder trigger had focus when it was replaced: the loaded trigger takes it over. */
  takeFocus: boolean;
}

/** Props the placeholder trigger needs (spread onto the trigger's button). */
export interface PlaceholderTriggerProps {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerEnter(): void;
  onFocus(): void;
  onBlur(): void;
  onClick(): void;
}

/** After the first paint, when the browser is idle (or after a second where it cannot say). */
function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}

export function OnDemandMenu<P extends object>({
  menu,
  props,
  trigger,
}: {
  menu: OnDemand<P & MenuMount>;
  props: P;
  trigger(placeholder: PlaceholderTriggerProps): ReactElement;
}) {
  const [opening, setOpening] = useState<'idle' | 'load' | 'open'>('idle');
  // Removing a focused element fires no blur: still true when the loaded menu replaces the placeholder.
  const [focused, setFocused] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        menu.preload();
        setOpening((current) => (current === 'idle' ? 'load' : current));
      }),
    [menu],
  );

  const placeholder = trigger({
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: menu.preload,
    onFocus: () => {
      setFocused(true);
      menu.preload();
    },
    onBlur: () => setFocused(false),
    onClick: () => setOpening('open'),
  });
  if (opening === 'idle') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <menu.Component {...props} defaultOpened={opening === 'open'} takeFocus={focused} />
    </Suspense>
  );
}

/** For the loaded menu: takes focus over from the placeholder it replaced. */
export function useTakeFocus(takeFocus: boolean, target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (takeFocus) target.current?.focus();
    // Once, on mount: the placeholder is gone from then on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
