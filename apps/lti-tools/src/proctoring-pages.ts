// The proctoring start page (identity, rules, camera, then the session view with the activity frame) and the end
// page. Plain HTML; the behaviour is in the external script proctoring-script.ts. Every interpolated value escaped.
import { escapeHtml, type Page } from './html.ts';
import type { LaunchUser } from './launch.ts';
import { LOG_TEXT, type LogEntry, type ProctoringSession } from './proctoring-sessions.ts';

export const PROCTORING_SCRIPT_PATH = '/proctoring.js';
/** The name of the frame the LtiStartAssessment form targets. */
export const ACTIVITY_FRAME_NAME = 'proctored-activity';

export const EXAM_RULES = [
  'Stay alone in the room and keep your face in view of the camera.',
  'Keep this window open: do not switch to other windows, tabs or devices.',
  'Use no notes, books, people or other help unless the course allows it.',
  'Your camera stays on until you finish the activity.',
];

export function displayName(user: LaunchUser): string | undefined {
  const parts = [user.givenName, user.familyName].filter(Boolean).join(' ');
  return user.name ?? (parts !== '' ? parts : undefined);
}

function activityName(title: string | undefined): string {
  return title ? escapeHtml(title) : 'the proctored activity';
}

function identityList(user: LaunchUser): string {
  const name = displayName(user);
  return `<dl class="identity">
<dt>Name</dt><dd>${name ? escapeHtml(name) : 'not sent by the course'}</dd>
<dt>E-mail</dt><dd>${user.email ? escapeHtml(user.email) : 'not sent by the course'}</dd>
</dl>`;
}

export function proctoringStartPage(session: ProctoringSession): Page {
  const { claims } = session;
  const name = displayName(claims.user);
  const title = claims.resourceLinkTitle;
  return {
    title: title ? `Proctored exam: ${title}` : 'Proctored exam',
    wide: true,
    scripts: [`.${PROCTORING_SCRIPT_PATH}`],
    body: `<h1>Proctored exam: ${activityName(title)}</h1>
<div id="proctoring" data-session="${escapeHtml(session.id)}">
<div id="steps">
<p>Before the exam starts, complete three steps in order: confirm who you are, accept the exam rules and check your camera.</p>
<section class="step" id="step-identity" aria-labelledby="step-identity-heading">
<h2 id="step-identity-heading" tabindex="-1">Step 1 of 3: Confirm your identity</h2>
<p>The course sent these details about you:</p>
${identityList(claims.user)}
<div class="option"><input type="checkbox" id="confirm-identity" data-step="identity"><label for="confirm-identity">I am ${name ? escapeHtml(name) : 'the person named above'}</label></div>
</section>
<section class="step" id="step-rules" aria-labelledby="step-rules-heading" hidden>
<h2 id="step-rules-heading" tabindex="-1">Step 2 of 3: Accept the exam rules</h2>
<ul>
${EXAM_RULES.map((rule) => `<li>${escapeHtml(rule)}</li>`).join('\n')}
</ul>
<div class="option"><input type="checkbox" id="accept-rules" data-step="rules"><label for="accept-rules">I accept the exam rules</label></div>
</section>
<section class="step" id="step-camera" aria-labelledby="step-camera-heading" hidden>
<h2 id="step-camera-heading" tabindex="-1">Step 3 of 3: Check your camera</h2>
<p>Your browser asks whether this page may use your camera. The picture stays on your device.</p>
<button type="button" id="check-camera">Check camera</button>
<video id="camera-preview" class="camera-preview" aria-label="Your camera" muted playsinline hidden></video>
<p id="camera-status" role="status"></p>
</section>
<button type="button" id="start-exam" disabled aria-describedby="start-hint">Start the exam</button>
<p id="start-hint">The exam can start when all three steps are done.</p>
<p id="step-error" class="status-error" role="alert"></p>
</div>
<section id="session-view" aria-labelledby="session-heading" hidden>
<h2 id="session-heading" tabindex="-1">Proctored session in progress</h2>
<div class="session">
<div>
<video id="session-camera" class="camera-preview small" aria-label="Your camera" muted playsinline></video>
<h3>Session log</h3>
<ol id="session-log" class="session-log"></ol>
</div>
<iframe name="${ACTIVITY_FRAME_NAME}" class="activity-frame" title="Proctored activity"></iframe>
</div>
<form id="start-assessment" method="post" action="${escapeHtml(claims.startAssessmentUrl)}" target="${ACTIVITY_FRAME_NAME}" hidden>
<input type="hidden" name="JWT" value="">
</form>
</section>
</div>`,
  };
}

function logItems(log: LogEntry[]): string {
  return log
    .map(
      (entry) =>
        `<li><time datetime="${entry.at.toISOString()}">${entry.at.toISOString().slice(11, 19)} UTC</time>: ${escapeHtml(LOG_TEXT[entry.event])}</li>`,
    )
    .join('\n');
}

export function proctoringEndPage(
  title: string | undefined,
  session: ProctoringSession | undefined,
  returnUrl: string | undefined,
): Page {
  const summary = session
    ? `<h2>Session log</h2>
<ol class="session-log">
${logItems(session.log)}
</ol>`
    : '<p>This proctoring tool holds no log of the session (it may have been restarted since the exam started).</p>';
  const back = returnUrl
    ? `<p><a href="${escapeHtml(returnUrl)}" target="_self">Back to the course</a></p>`
    : '';
  return {
    title: 'Proctoring session ended',
    body: `<h1>Proctoring session ended</h1>
<p>You finished ${activityName(title)}. The camera is off and the proctoring session is closed.</p>
${summary}
${back}`,
  };
}
