// A course description shown as a short preview (cut near 70 characters at a word boundary) that expands.
import { useId, useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { collapseText } from '@portal/domain';

export function CollapsibleDescription({ text }: { text: string }) {
  const { t } = useTranslation('courseDetails');
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const preview = collapseText(text);
  if (!preview.isCut)
    return (
      <Text style={{ whiteSpace: 'pre-line' }} dir="auto">
        {text}
      </Text>
    );
  return (
    <Text style={{ whiteSpace: 'pre-line' }} dir="auto">
      <span id={textId}>{expanded ? text : `${preview.text}…`}</span>{' '}
      <Anchor
        component="button"
        type="button"
        aria-expanded={expanded}
        aria-controls={textId}
        onClick={() => setExpanded((value) => !value)}
      >
        {expanded ? t('description.showLess') : t('description.showMore')}
      </Anchor>
    </Text>
  );
}
