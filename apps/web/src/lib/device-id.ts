// The device id of spec §9: a random id kept in localStorage for as long as the browser keeps its storage.
// It survives sign-out (it names the browser, not a person) and tells analytics which events share a device.
import { readLocalString, storageKeys, writeLocalString } from './storage.ts';

const DEVICE_ID_PATTERN = /^[\w-]{8,64}$/;

/** The device id, created on first use (a new one when storage is unavailable or holds something else). */
export function ensureDeviceId(): string {
  const stored = readLocalString(storageKeys.deviceId);
  if (stored !== null && DEVICE_ID_PATTERN.test(stored)) return stored;
  const id = crypto.randomUUID();
  writeLocalString(storageKeys.deviceId, id);
  return id;
}
