// One widget of the dashboard: its heading, and its code and data loaded lazily behind a skeleton that
// reserves its space, with its own error state and retry (a failure never takes the page down).
import {
  Component,
  Suspense,
  use,
  useId,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Alert, Button, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type WidgetModule = Promise<{ default: ComponentType }>;

interface DashboardWidgetProps {
  title: string;
  load: () => WidgetModule;
  /** The height the skeleton reserves, close to the loaded widget's. */
  skeletonHeight: number;
}

export function DashboardWidget({ title, load, skeletonHeight }: DashboardWidgetProps) {
  const headingId = useId();
  const [attempt, setAttempt] = useState(0);
  // The widget's code, imported once the widget is shown; a retry after a failed import imports again.
  const [module, setModule] = useState(load);
  const { reset } = useQueryErrorResetBoundary();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId} size="h3">
        {title}
      </Title>
      <WidgetErrorBoundary
        key={attempt}
        onRetry={() => {
          reset();
          setModule(() => load());
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={<WidgetSkeleton height={skeletonHeight} />}>
          <LoadedWidget module={module} />
        </Suspense>
      </WidgetErrorBoundary>
    </Stack>
  );
}

function LoadedWidget({ module }: { module: WidgetModule }) {
  const { default: Widget } = use(module);
  return <Widget />;
}

function WidgetSkeleton({ height }: { height: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="status" style={{ minHeight: height }}>
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <Stack gap="xs" aria-hidden>
        <Skeleton height={height / 3} />
        <Skeleton height={height / 3} />
        <Skeleton height={height / 3 - 16} width="70%" />
      </Stack>
    </div>
  );
}

function WidgetFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Alert color="red" title={t('widgetFailed')} role="alert">
      <Button mt="sm" variant="default" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}

class WidgetErrorBoundary extends Component<
  { onRetry(): void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <WidgetFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}
