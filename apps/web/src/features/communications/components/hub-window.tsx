// The hub window on demand: the opener (a card badge, the Notifications layer) renders it once used, so its
// code and requests load on first open — warmed on hover and focus of the opener.
import { Suspense } from 'react';
import { onDemand } from '../../../lib/on-demand.ts';
import type { CommunicationsHubProps } from './communications-hub.tsx';

export const hubWindow = onDemand<CommunicationsHubProps>(() =>
  import('./communications-hub.tsx').then((module) => module.CommunicationsHub),
);

export function HubWindow(props: CommunicationsHubProps) {
  return (
    <Suspense fallback={null}>
      <hubWindow.Component {...props} />
    </Suspense>
  );
}
