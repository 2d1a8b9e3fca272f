// The navigation panel of narrow screens (spec §9: 1279 px and below) behaves like a dialog while open:
// Tab cycles between the burger and the panel, the page behind is inert, Escape closes it and focus returns
// to the burger. Wider screens show the navigation as an open side bar and have no burger.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useMediaQuery } from '@mantine/hooks';

/** Spec §9: the menu is a drawer at 1279 px and below, an open side bar above. */
export const MENU_BREAKPOINT = '80em';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export interface MobileNavigation {
  opened: boolean;
  toggle(): void;
  close(): void;
  /** True while the open panel makes everything but the burger and itself inert. */
  trapsFocus: boolean;
  /** True while the closed panel is off-screen: its links must not take keyboard focus unseen. */
  panelHidden: boolean;
  burgerRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLDivElement | null>;
}

export function useMobileNavigation(): MobileNavigation {
  const [opened, setOpened] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wide = useMediaQuery(`(min-width: ${MENU_BREAKPOINT})`, false, {
    getInitialValueInEffect: false,
  });
  // Widening the window turns the panel into the side bar: nothing is trapped any more.
  const trapsFocus = opened && !wide;
  const panelHidden = !opened && !wide;

  const toggle = useCallback(() => setOpened((value) => !value), []);
  const close = useCallback(() => setOpened(false), []);

  useEffect(() => {
    if (!trapsFocus) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A menu inside the panel (Go to portal) closes itself first.
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpened(false);
        burgerRef.current?.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const burger = burgerRef.current;
      const panel = panelRef.current;
      if (!burger || !panel) return;
      const cycle = [burger, ...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = cycle[0]!;
      const last = cycle[cycle.length - 1]!;
      const active = document.activeElement;
      const inside = cycle.includes(active as HTMLElement);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [trapsFocus]);

  return { opened, toggle, close, trapsFocus, panelHidden, burgerRef, panelRef };
}
