// The hub window on demand: the opener (a card badge, the Notifications layer) renders it once used, so its
// code and requests load on first open — warmed on hover and focus of the opener.
import { Suspense } from 'react';
import { onDemand } from '../../../lib/on-demand.ts';
import type { CommunicationsHubProps } from './communications-hub.tsx';

export const hubWindow = onDemand<CommunicationsHubProps>(() =>
  import('./communications-hub.tsx').then((module) => module.CommunicationsHub),
);

/**
 * Puts focus back on what opened the window once it closed. The window mounts already open (it loads on first
 * use), so it never saw its opener get focus and cannot return it by itself.
 */
export function returnFocusAfterClose(target: () => HTMLElement | null | undefined): void {
  setTimeout(() => target()?.focus(), 20);
}

export function HubWindow(props: CommunicationsHubProps) {
  return (
    <Suspense fallback={null}>
      <hubWindow.Component {...props} />
    </Suspense>
  );
}
