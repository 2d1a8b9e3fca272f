// The quiz form and the result page (plain HTML, no script; every interpolated value escaped).
import { escapeHtml, type Page } from './html.ts';
import { TEXT_ANSWER_MAX_LENGTH, type Question, type QuizResult } from './quizzes.ts';
import type { ScoreState, ToolSession } from './sessions.ts';

export const SESSION_FIELD = 'session';

export function answerField(questionId: string): string {
  return `q_${questionId}`;
}

function choiceInputs(question: Question & { kind: 'single' | 'multiple' }): string {
  const type = question.kind === 'single' ? 'radio' : 'checkbox';
  const name = answerField(question.id);
  return question.options
    .map((option) => {
      const id = `${name}_${option.id}`;
      return `<div class="option"><input type="${type}" id="${escapeHtml(id)}" name="${escapeHtml(name)}" value="${escapeHtml(option.id)}"><label for="${escapeHtml(id)}">${escapeHtml(option.text)}</label></div>`;
    })
    .join('\n');
}

function textInput(question: Question & { kind: 'text' }): string {
  const id = answerField(question.id);
  return `<label for="${escapeHtml(id)}">Your answer</label>
<span class="hint" id="${escapeHtml(id)}_hint">${escapeHtml(question.hint)}</span>
<input type="text" id="${escapeHtml(id)}" name="${escapeHtml(id)}" maxlength="${TEXT_ANSWER_MAX_LENGTH}" autocomplete="off" aria-describedby="${escapeHtml(id)}_hint">`;
}

function questionFieldset(question: Question, index: number): string {
  const inputs = question.kind === 'text' ? textInput(question) : choiceInputs(question);
  return `<fieldset>
<legend>Question ${index + 1}: ${escapeHtml(question.prompt)}</legend>
${inputs}
</fieldset>`;
}

function activityLine(session: ToolSession): string {
  const title = session.claims.resourceLinkTitle;
  return title ? `<p>Activity: ${escapeHtml(title)}</p>\n` : '';
}

export function quizPage(session: ToolSession): Page {
  const { quiz } = session;
  return {
    title: quiz.title,
    body: `<h1>${escapeHtml(quiz.title)}</h1>
${activityLine(session)}<p>Answer the ${quiz.questions.length} questions below, then submit them once. Each right answer scores one point.</p>
<form method="post" action="submit">
<input type="hidden" name="${SESSION_FIELD}" value="${escapeHtml(session.id)}">
${quiz.questions.map(questionFieldset).join('\n')}
<button type="submit">Submit answers</button>
</form>`,
  };
}

function scoreNotice(session: ToolSession, score: ScoreState): string {
  switch (score.status) {
    case 'sent':
      return '<div class="notice"><p>Your score was sent to the course.</p></div>';
    case 'unavailable':
      return `<div class="notice error"><p>Your grade was not recorded: ${escapeHtml(score.reason)}</p></div>`;
    case 'failed':
      return `<div class="notice error"><p>Your grade was not recorded: ${escapeHtml(score.reason)}</p>
<form method="post" action="submit">
<input type="hidden" name="${SESSION_FIELD}" value="${escapeHtml(session.id)}">
<input type="hidden" name="retry" value="1">
<button type="submit">Send the grade again</button>
</form></div>`;
    case 'sending':
      return '<div class="notice"><p>Your score is being sent to the course.</p></div>';
  }
}

function answerItem(question: Question, result: QuizResult['questions'][number]): string {
  const verdict = result.correct ? 'Correct' : 'Incorrect';
  const given = result.given.length > 0 ? result.given.join(', ') : 'no answer';
  const expected = result.correct
    ? ''
    : `<br>Right answer: ${escapeHtml(result.expected.join(', '))}`;
  return `<li class="${result.correct ? 'correct' : 'incorrect'}"><p><span class="verdict">${verdict}:</span> ${escapeHtml(question.prompt)}<br>Your answer: ${escapeHtml(given)}${expected}</p></li>`;
}

function returnLink(session: ToolSession): string {
  const url = session.claims.returnUrl;
  return url ? `<p><a href="${escapeHtml(url)}" target="_self">Return to the course</a></p>` : '';
}

export function resultPage(session: ToolSession, result: QuizResult, score: ScoreState): Page {
  const { quiz } = session;
  const items = quiz.questions.map((question, index) => {
    const questionResult = result.questions[index];
    return questionResult ? answerItem(question, questionResult) : '';
  });
  return {
    title: `${quiz.title}: result`,
    body: `<h1>${escapeHtml(quiz.title)}: result</h1>
<p class="score">You scored ${result.scoreGiven} of ${result.scoreMaximum}.</p>
${scoreNotice(session, score)}
<h2>Your answers</h2>
<ul class="results">
${items.join('\n')}
</ul>
${returnLink(session)}`,
  };
}
