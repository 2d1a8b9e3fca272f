// The toasts' container, loaded when the first toast is shown: until then no page needs it (decision 0014).
import { Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { onDemand } from '../lib/on-demand.ts';
import { TOAST_DURATION_MS } from '../lib/toast.ts';

const container = onDemand(() =>
  import('@mantine/notifications').then(({ Notifications }) => {
    function AppToasts() {
      return (
        <Notifications autoClose={TOAST_DURATION_MS} position="top-right" className="app-toasts" />
      );
    }
    return AppToasts;
  }),
);

export function Toasts() {
  const { notifications, queue } = useNotifications();
  // Stays mounted once used, so toasts close with their animation and later ones show at once.
  const [used, setUsed] = useState(false);
  if (!used && notifications.length + queue.length > 0) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <container.Component />
    </Suspense>
  ) : null;
}
