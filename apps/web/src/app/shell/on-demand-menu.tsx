// A menu whose trigger is there at once and whose Mantine Menu (with floating-ui, ~20 kB gzip) arrives after
// the first paint, or at the first touch of the trigger: nobody opens a menu before the page has painted
// (decision 0014). The trigger looks and is named the same before and after.
import {
  Suspense,
  startTransition,
  useEffect,
  useId,
  useState,
  type ReactElement,
  type RefObject,
} from 'react';
import type { OnDemand } from '../../lib/on-demand.ts';

/** What the loaded menu receives besides its own props: it is controlled from here. */
export interface MenuMount {
  /** Open (a click on the placeholder before the menu had loaded counts). */
  opened: boolean;
  onChange(opened: boolean): void;
  /** The placeholder trigger had focus when the menu came: the loaded trigger takes it over. */
  takeFocus: boolean;
}

/** Props the placeholder trigger needs (spread onto the trigger's button). */
export interface PlaceholderTriggerProps {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  'data-on-demand-menu': string;
  onPointerEnter(): void;
  onFocus(): void;
  onPointerDown(): void;
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
  const id = useId();
  const [loading, setLoading] = useState(false);
  const [opened, setOpened] = useState(false);
  const [takeFocus, setTakeFocus] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        menu.preload();
        setTakeFocus(document.activeElement?.getAttribute('data-on-demand-menu') === id);
        // A transition: the placeholder stays until the menu is there, then the two swap in one commit.
        startTransition(() => setLoading(true));
      }),
    [menu, id],
  );

  // A press opens the menu even when the swap comes between the press and the release (no click then).
  const open = () => {
    setLoading(true);
    setOpened(true);
  };
  const placeholder = trigger({
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-on-demand-menu': id,
    onPointerEnter: menu.preload,
    onFocus: menu.preload,
    onPointerDown: open,
    onClick: open,
  });
  return (
    <Suspense fallback={placeholder}>
      {loading ? (
        <menu.Component {...props} opened={opened} onChange={setOpened} takeFocus={takeFocus} />
      ) : (
        placeholder
      )}
    </Suspense>
  );
}

/**
 * For the loaded menu: takes focus over from the placeholder it replaced, unless it opens at once (then
 * the menu's own focus handling puts it on the items).
 */
export function useTakeFocus(
  { takeFocus, opened }: Pick<MenuMount, 'takeFocus' | 'opened'>,
  target: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (takeFocus && !opened) target.current?.focus();
    // Once, on mount: the placeholder is gone from then on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
