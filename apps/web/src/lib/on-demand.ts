// Parts of the first page that nobody needs before they act (the filter drawer, the toasts' container): loaded
// on first use, warmed when the pointer or focus comes near, so the first load stays small (decision 0014).
import { lazy, type ComponentType } from 'react';

export interface OnDemand<P> {
  /** The component, for a <Suspense> boundary. */
  Component: ComponentType<P>;
  /** Starts loading it (idempotent): call on hover and focus of what opens it. */
  preload(): void;
}

export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load());
  return {
    Component: lazy(async () => ({ default: await start() })),
    // A failed download surfaces where the component renders (its error boundary), not here.
    preload: () => void start().catch(() => undefined),
  };
}
