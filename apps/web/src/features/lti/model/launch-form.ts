// Builds the launch form with DOM APIs (never innerHTML), submits it into the tool's iframe, and removes it.
import type { ResourceForm } from '@portal/contracts';

/** The form's action must be a web address: a "javascript:" or "data:" action would run in our page. */
export function isSafeFormAction(action: string, base: string): boolean {
  try {
    const url = new URL(action, base);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Posts `form` into the browsing context named `target`. Field names and values are set as DOM properties,
 * so whatever they contain stays data. Throws when the action is not an http(s) address.
 */
export function submitLaunchForm(
  form: ResourceForm,
  target: string,
  doc: Document = document,
): void {
  if (!isSafeFormAction(form.action, doc.baseURI)) throw new Error('Unsafe launch form action');
  const element = doc.createElement('form');
  element.method = 'post';
  element.action = form.action;
  element.target = target;
  element.hidden = true;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.appendChild(input);
  }
  doc.body.appendChild(element);
  try {
    element.submit();
  } finally {
    element.remove();
  }
}
