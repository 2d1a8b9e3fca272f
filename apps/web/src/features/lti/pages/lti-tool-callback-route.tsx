// Route module of /lti-tool-callback (outside the shell: it runs inside the tool's iframe).
import { useLocation } from 'react-router';
import { LtiToolCallbackPage } from '../lti-tool-callback-page.tsx';

export function Component() {
  const { search } = useLocation();
  return <LtiToolCallbackPage search={search} />;
}
