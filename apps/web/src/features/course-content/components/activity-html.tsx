// A text activity's rich content, sanitised before it reaches the page (authored HTML is never trusted).
import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import { sanitizeRichHtml } from '../../../lib/rich-html.ts';

/** Safe HTML for display; the page owns h1 and the activity's h2, so authored headings start at h3. */
export function sanitizeActivityHtml(html: string): string {
  return sanitizeRichHtml(html, { headingsStartAt: 3 });
}

export function ActivityHtml({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeActivityHtml(html), [html]);
  return (
    <Typography>
      <div data-testid="activity-content" dangerouslySetInnerHTML={{ __html: safe }} />
    </Typography>
  );
}
