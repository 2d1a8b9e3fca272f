// The user cookie of spec §3: username, department name and external_id of the signed-in user, readable by
// the platform's other applications on this site. Written when the shell knows the user, removed on sign-out.
import type { CurrentUser } from '@portal/contracts';

export const USER_COOKIE = 'user';

export type UserCookie = Pick<CurrentUser, 'username' | 'department_name' | 'external_id'>;

export function writeUserCookie({ username, department_name, external_id }: UserCookie): void {
  const value = encodeURIComponent(JSON.stringify({ username, department_name, external_id }));
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // A session cookie: it lives as long as the browser session, like the sign-in it describes.
  document.cookie = `${USER_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}

export function readUserCookie(): UserCookie | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${USER_COOKIE}=`));
  if (!entry) return null;
  try {
    const value = JSON.parse(decodeURIComponent(entry.slice(USER_COOKIE.length + 1))) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { username, department_name, external_id } = value as Record<string, unknown>;
    if (typeof username !== 'string') return null;
    const orNull = (field: unknown) => (typeof field === 'string' ? field : null);
    return { username, department_name: orNull(department_name), external_id: orNull(external_id) };
  } catch {
    return null;
  }
}

export function removeUserCookie(): void {
  document.cookie = `${USER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
