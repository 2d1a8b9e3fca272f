// Toast notifications (Mantine), closing after the spec's 7 s, their text announced through the page's
// persistent live regions (a toast inserted together with its text is not reliably read).
import { notifications } from '@mantine/notifications';
import { i18next } from '../i18n/i18n.ts';
import { announce } from './announcer.ts';

export const TOAST_DURATION_MS = 7000;

export type ToastKind = 'success' | 'critical' | 'info';

export interface Toast {
  kind: ToastKind;
  message: string;
  title?: string;
}

const colors: Record<ToastKind, string> = { success: 'green', critical: 'red', info: 'blue' };

export function showToast({ kind, message, title }: Toast): string {
  // Critical toasts interrupt (assertive); the others wait for a pause (polite).
  announce(title ? `${title}. ${message}` : message, kind === 'critical' ? 'assertive' : 'polite');
  return notifications.show({
    message,
    title,
    color: colors[kind],
    autoClose: TOAST_DURATION_MS,
    // Not a live region itself: the announcement above already speaks it, once.
    role: 'group',
    'aria-label': title ?? message,
    'data-toast-kind': kind,
    closeButtonProps: { 'aria-label': i18next.t('common:close') },
  });
}
