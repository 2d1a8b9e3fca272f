// The course's "About" section: the server's rich text, sanitised before it reaches the page.
import { useMemo } from 'react';
import { Stack, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sanitizeAboutHtml } from '../about-html.ts';

export function AboutContent({ html }: { html: string }) {
  const { t } = useTranslation('openCatalog');
  const safeHtml = useMemo(() => sanitizeAboutHtml(html), [html]);
  return (
    <Stack component="section" gap="sm" aria-labelledby="open-catalog-about">
      <Title order={2} id="open-catalog-about">
        {t('details.about')}
      </Title>
      {/* Sanitised by DOMPurify in sanitizeAboutHtml: no scripts, handlers or active content remain. */}
      <Typography dir="auto" dangerouslySetInnerHTML={{ __html: safeHtml }} />
    </Stack>
  );
}
