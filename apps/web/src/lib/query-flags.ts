// The one-shot query flags of spec §9: the features that own them read them on arrival and remove them.
// Every other query key on a page that owns its address (the course lists) is dropped.

export const OCCFLOW_PARAM = 'occflow';
export const OBJECTIVE_ID_PARAM = 'objectiveId';
export const SELF_REGISTERED_PARAM = 'selfRegistered';

const queryFlags: readonly string[] = [OCCFLOW_PARAM, OBJECTIVE_ID_PARAM, SELF_REGISTERED_PARAM];

export function isQueryFlag(key: string): boolean {
  return queryFlags.includes(key);
}
