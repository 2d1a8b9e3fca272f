// The tutor's button at the bottom corner of the shell (only when learner.tutor.enabled). The panel, with
// its requests and texts, loads on first use — warmed on hover and focus — so the first load stays small.
import { Suspense, useState } from 'react';
import { Affix, Button } from '@mantine/core';
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
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
        <Button
          radius="xl"
          size="md"
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
      </Affix>
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
