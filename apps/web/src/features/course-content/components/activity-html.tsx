// A text activity's rich content, sanitised before it reaches the page (authored HTML is never trusted).
import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Typography } from '@mantine/core';

/** Safe HTML for display: scripts, handlers and javascript: URLs removed; links open in a new tab safely. */
export function sanitizeActivityHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
  for (const link of fragment.querySelectorAll('a[target]')) {
    link.setAttribute('rel', 'noopener noreferrer');
  }
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

export function ActivityHtml({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeActivityHtml(html), [html]);
  return (
    <Typography>
      <div data-testid="activity-content" dangerouslySetInnerHTML={{ __html: safe }} />
    </Typography>
  );
}
