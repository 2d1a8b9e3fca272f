// The tutor's button at the bottom of the shell, in the footer beside the feedback button (only when
// learner.tutor.enabled): in the page's flow rather than floating, so it never covers what has focus (WCAG
// 2.4.11). The panel, with its requests, loads on first use — warmed on hover and focus (decision 0021).
import { Suspense, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../../../lib/on-demand.ts';
import type { TutorPanelProps } from './tutor-panel.tsx';

const panel = onDemand<TutorPanelProps>(() =>
  import('./tutor-panel.tsx').then((module) => module.TutorPanel),
);

export function TutorWidget({
  defaultKnowledgeModelId,
}: {
  defaultKnowledgeModelId: string | null;
}) {
  const { t } = useTranslation('tutor');
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Group justify="center" px="md" pt="md">
        <Button
          variant="light"
          leftSection={<IconMessageQuestion size={20} aria-hidden="true" />}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onMouseEnter={panel.preload}
          onFocus={panel.preload}
          onClick={() => {
            setUsed(true);
            setOpened(true);
          }}
        >
          {t('open')}
        </Button>
      </Group>
      {used ? (
        <Suspense fallback={null}>
          <panel.Component
            opened={opened}
            onClose={() => setOpened(false)}
            defaultKnowledgeModelId={defaultKnowledgeModelId}
          />
        </Suspense>
      ) : null}
    </>
  );
}
