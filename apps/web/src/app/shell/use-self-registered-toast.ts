// After self-registration the server adds selfRegistered=1 to wherever the user lands: welcome them once.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OBJECTIVE_ID_PARAM, SELF_REGISTERED_PARAM } from '../../lib/query-flags.ts';
import { showToast } from '../../lib/toast.ts';

export const SELF_REGISTERED_FLAG = SELF_REGISTERED_PARAM;
export const SELF_REGISTERED_TOAST_DELAY_MS = 100;

let welcomeScheduled = false;

/** Used by the shell on every page; with an objectiveId the enrolment flow owns the flag instead. */
export function useSelfRegisteredToast(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const { t } = useTranslation('common');
  const flagged = searchParams.has(SELF_REGISTERED_FLAG) && !searchParams.has(OBJECTIVE_ID_PARAM);

  useEffect(() => {
    if (!flagged) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SELF_REGISTERED_FLAG);
        return next;
      },
      { replace: true },
    );
    // Not cleared on cleanup: removing the flag re-renders at once, and the toast must still show (once).
    if (welcomeScheduled) return;
    welcomeScheduled = true;
    window.setTimeout(() => {
      welcomeScheduled = false;
      showToast({
        kind: 'success',
        title: t('accountCreated.title'),
        message: t('accountCreated.message'),
      });
    }, SELF_REGISTERED_TOAST_DELAY_MS);
  }, [flagged, setSearchParams, t]);
}
