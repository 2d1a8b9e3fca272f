// Toast notifications (Mantine), closing after the spec's 7 s and announced to screen readers.
import { notifications } from '@mantine/notifications';
import { i18next } from '../i18n/i18n.ts';

export const TOAST_DURATION_MS = 7000;

export type ToastKind = 'success' | 'critical' | 'info';

export interface Toast {
  kind: ToastKind;
  message: string;
  title?: string;
}

const colors: Record<ToastKind, string> = { success: 'green', critical: 'red', info: 'blue' };

export function showToast({ kind, message, title }: Toast): string {
  return notifications.show({
    message,
    title,
    color: colors[kind],
    autoClose: TOAST_DURATION_MS,
    // Critical toasts interrupt (alert); the others wait for a pause (status).
    role: kind === 'critical' ? 'alert' : 'status',
    'aria-live': kind === 'critical' ? 'assertive' : 'polite',
    'data-toast-kind': kind,
    closeButtonProps: { 'aria-label': i18next.t('common:close') },
  });
}
