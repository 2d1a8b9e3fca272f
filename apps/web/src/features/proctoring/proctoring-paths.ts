// Addresses of proctored activities (spec §2): the proctor route the redirect screen opens inside the tool's iframe.
export const IN_PROCTORING_IFRAME_PARAM = 'inProctoringIframe';

/** The activity path id is the axis (part ids joined by "/"): each id encoded, the slashes kept. */
export const proctorPath = (objectiveId: string, activityPathId: string) =>
  `/courses/proctor/${encodeURIComponent(objectiveId)}/${activityPathId
    .split('/')
    .map(encodeURIComponent)
    .join('/')}?${IN_PROCTORING_IFRAME_PARAM}=true`;
