// Route error boundaries: API errors become the matching error page; anything else is a full-screen 500.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../lib/api-error.ts';
import { ErrorPage } from '../../components/error-page.tsx';

/** The HTTP status an error stands for, or null when it is not an HTTP error (a render bug). */
export function errorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  return null;
}

function developmentDetails(error: unknown): string | undefined {
  if (!import.meta.env.DEV) return undefined;
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/** Inside the shell: HTTP errors show their page there; other errors bubble up to the full-screen page. */
export function PageErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  if (status === null) throw error;
  return <ErrorPage status={status} />;
}

/** Outside the shell (or when the shell itself failed): the whole screen is the error page. */
export function FullScreenErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  if (status === null) console.error(error);
  return (
    <main id="main-content" tabIndex={-1}>
      <ErrorPage
        status={status ?? 500}
        details={status === null ? developmentDetails(error) : undefined}
      />
    </main>
  );
}
