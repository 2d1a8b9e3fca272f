// "Skip to main content": the first focusable element, moving focus to <main>.
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink({ inert }: { inert?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <a
      inert={inert}
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus directly instead of changing the hash, which the router would treat as a navigation.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('skipToMainContent')}
    </a>
  );
}
