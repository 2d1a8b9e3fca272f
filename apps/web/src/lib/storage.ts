// Typed, failure-tolerant access to localStorage and sessionStorage (private mode and quotas throw).
import type { z } from 'zod';

function read<T>(
  storage: () => Storage,
  key: string,
  parse: (value: unknown) => T | null,
): T | null {
  try {
    const raw = storage().getItem(key);
    return raw === null ? null : parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

const bySchema =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown): z.infer<S> | null => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };

function write(storage: () => Storage, key: string, value: unknown): void {
  try {
    storage().setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

function remove(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/**
 * Reads a JSON value and checks it with `parse` (returns null for values it rejects). The first page uses
 * these instead of a schema, so it loads without zod.
 */
export const readLocalParsed = <T>(key: string, parse: (value: unknown) => T | null) =>
  read(local, key, parse);
export const readSessionParsed = <T>(key: string, parse: (value: unknown) => T | null) =>
  read(session, key, parse);

/** Reads a JSON value from localStorage; null when absent, unreadable or not matching the schema. */
export const readLocal = <S extends z.ZodType>(key: string, schema: S) =>
  read(local, key, bySchema(schema));
export const writeLocal = (key: string, value: unknown) => write(local, key, value);
export const removeLocal = (key: string) => remove(local, key);

export const readSession = <S extends z.ZodType>(key: string, schema: S) =>
  read(session, key, bySchema(schema));
export const writeSession = (key: string, value: unknown) => write(session, key, value);
export const removeSession = (key: string) => remove(session, key);

/** Raw string values (keys other apps also read as plain strings, like `locale`). */
export function readLocalString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocalString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

/** Storage keys used by the shell, in one place so no two features collide. */
export const storageKeys = {
  locale: 'locale',
  session: 'userSession',
  logoutBroadcast: 'logout',
  deviceId: 'deviceId',
  oidcProvider: 'oidc.provider',
  /** Per user (see userStorageKey): the My Courses filters and search. */
  enrolledFilters: 'courses.enrolled.filters',
} as const;

/** Keys whose values belong to one signed-in user: stored per user id and removed on sign-out. */
const userScopedKeys: readonly string[] = [storageKeys.enrolledFilters];

/** The key of a per-user value: one browser may be shared by several people, one after the other. */
export function userStorageKey(key: string, userId: string): string {
  return `${key}:${userId}`;
}

/** Removes every per-user value (of any user, and the unscoped form older versions wrote). */
export function removeUserScopedValues(): void {
  try {
    const storage = window.localStorage;
    const doomed: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null && userScopedKeys.some((base) => key === base || key.startsWith(`${base}:`)))
        doomed.push(key);
    }
    for (const key of doomed) storage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
