// After an in-app navigation to another page, focus moves to the new page's heading and the page title is
// announced: a screen reader hears where it is, a keyboard user continues from the top of the new page.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { announce } from '../../lib/announcer.ts';
import { MAIN_CONTENT_ID } from './skip-link.tsx';

/** How long a page may take to show its heading (lazy module, data) before focus gives up on it. */
export const ROUTE_FOCUS_TIMEOUT_MS = 10_000;
// document.title is set by the page's effect, just after its heading renders.
const TITLE_SETTLE_MS = 150;

export const ROUTE_FOCUS_ATTRIBUTE = 'data-route-focus';

interface Heading {
  element: HTMLElement;
  text: string;
}

function currentHeading(): Heading | null {
  const element = document.getElementById(MAIN_CONTENT_ID)?.querySelector<HTMLElement>('h1');
  return element ? { element, text: element.textContent ?? '' } : null;
}

/** Another page, not the same page showing another part of itself (a course's activities, a tab). */
function isNewPage(heading: Heading, previous: Heading | null): boolean {
  return (
    !previous ||
    !previous.element.isConnected ||
    heading.element !== previous.element ||
    heading.text !== previous.text
  );
}

export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const lastHeading = useRef<Heading | null>(null);
  // A fresh page load, with the redirects that complete it (/ to /courses), until its first heading shows:
  // the browser starts at the top and reads the document's title itself.
  const pageLoad = useRef(true);

  useEffect(() => {
    const focusedBefore = document.activeElement;
    const previous = lastHeading.current;
    let settleTimer: number | undefined;

    const arrive = (heading: Heading) => {
      lastHeading.current = heading;
      if (pageLoad.current) {
        pageLoad.current = false;
        return;
      }
      // Whoever moved focus on purpose meanwhile (typing in the new page) keeps it.
      const active = document.activeElement;
      if (active !== focusedBefore && active !== document.body && active !== null) return;
      if (!heading.element.hasAttribute('tabindex')) heading.element.tabIndex = -1;
      heading.element.setAttribute(ROUTE_FOCUS_ATTRIBUTE, '');
      heading.element.focus();
      settleTimer = window.setTimeout(() => announce(document.title), TITLE_SETTLE_MS);
    };

    const check = (): boolean => {
      const heading = currentHeading();
      if (!heading) return false;
      if (isNewPage(heading, previous)) arrive(heading);
      else lastHeading.current = heading;
      pageLoad.current = false;
      return true;
    };
    if (check()) return () => window.clearTimeout(settleTimer);

    // The page is still loading (lazy module, suspense, data): wait for its heading.
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return undefined;
    const observer = new MutationObserver(() => {
      if (check()) stop();
    });
    const giveUp = window.setTimeout(() => {
      // A page without a heading still ends the page load.
      pageLoad.current = false;
      stop();
    }, ROUTE_FOCUS_TIMEOUT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(giveUp);
    }
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => {
      stop();
      window.clearTimeout(settleTimer);
    };
  }, [pathname]);
}
