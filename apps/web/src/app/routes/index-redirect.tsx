// "/": the dashboard is not built, so the root always continues to /courses, keeping query and hash.
import { Navigate, useLocation } from 'react-router';
import { paths } from '../paths.ts';

export function IndexRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: paths.courses, search, hash }} replace />;
}
