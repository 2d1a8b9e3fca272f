// /email-response-callback: the answer page of knowledge-question e-mails (spec §2).
import { EmailResponsePage } from '../../features/knowledge-questions/email-response-page.tsx';

export function Component() {
  return <EmailResponsePage />;
}
