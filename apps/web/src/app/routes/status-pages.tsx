// Pages that are only an error status: /forbidden (no way out button) and unknown paths.
import { ErrorPage } from '../../components/error-page.tsx';

export function ForbiddenPage() {
  return <ErrorPage status={403} showButton={false} />;
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
