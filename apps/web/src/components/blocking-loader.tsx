// Full-screen loading overlay that appears only when loading lasts longer than 300 ms (no flicker).
import { useEffect, useState } from 'react';
import { Loader, Overlay, Transition, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const BLOCKING_LOADER_DEBOUNCE_MS = 300;
export const BLOCKING_LOADER_TRANSITION_MS = 200;

export function BlockingLoader({ visible, label }: { visible: boolean; label?: string }) {
  const { t } = useTranslation('common');
  const [elapsed, setElapsed] = useState(false);

  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => setElapsed(true), BLOCKING_LOADER_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      setElapsed(false);
    };
  }, [visible]);
  // Hiding is immediate; only showing waits for the debounce.
  const shown = visible && elapsed;

  const text = label ?? t('loading');
  return (
    <Transition mounted={shown} transition="fade" duration={BLOCKING_LOADER_TRANSITION_MS}>
      {(styles) => (
        <Overlay
          fixed
          zIndex={400}
          backgroundOpacity={0.35}
          center
          style={styles}
          role="status"
          aria-label={text}
          aria-live="polite"
          data-testid="blocking-loader"
        >
          <Loader aria-hidden="true" />
          <VisuallyHidden>{text}</VisuallyHidden>
        </Overlay>
      )}
    </Transition>
  );
}
