// /lti-tool-callback: where a tool sends the learner back. Inside the portal's tool iframe it tells the parent
// page (which then leaves for the course details); opened on its own it goes to the course details itself.
import { useEffect, useRef, useState } from 'react';
import { Anchor, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_BASENAME, paths } from '../../app/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { showToolMessages } from './hooks/use-tool-return.ts';
import { courseDetailsPath } from './lti-paths.ts';
import {
  TOOL_CALLBACK_MESSAGE,
  parseToolCallback,
  type ToolCallback,
  type ToolCallbackMessage,
} from './model/tool-callback.ts';

/** True when this page is a frame of one of our own pages (the parent's origin is ours). */
export function isInOwnFrame(win: Window = window): boolean {
  if (win.parent === win) return false;
  try {
    return win.parent.location.origin === win.location.origin;
  } catch {
    // A cross-origin parent may not even be read.
    return false;
  }
}

function tellParent(callback: ToolCallback): void {
  const message: ToolCallbackMessage = { type: TOOL_CALLBACK_MESSAGE, ...callback };
  window.parent.postMessage(message, window.location.origin);
}

export function LtiToolCallbackPage({ search }: { search: string }) {
  const { t } = useTranslation('lti');
  const navigate = useNavigate();
  usePageTitle(t('callback.title'));
  const [callback] = useState(() => parseToolCallback(new URLSearchParams(search)));
  const [inFrame] = useState(() => isInOwnFrame());
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (!callback) {
      void navigate(paths.courses, { replace: true });
      return;
    }
    if (inFrame) {
      tellParent(callback);
      return;
    }
    showToolMessages(callback);
    void navigate(courseDetailsPath(callback.objectiveId), { replace: true });
  }, [callback, inFrame, navigate]);

  return (
    <Container size="sm" py="xl" component="main">
      <Stack align="center" gap="sm">
        <Title order={1} size="h3">
          {t('callback.title')}
        </Title>
        <Loader size="sm" aria-hidden="true" />
        <Text role="status">{t('callback.returning')}</Text>
        {callback && inFrame ? (
          // Should the parent page not answer, the learner still has a way back.
          <Anchor href={`${APP_BASENAME}${courseDetailsPath(callback.objectiveId)}`} target="_top">
            {t('callback.goToCourse')}
          </Anchor>
        ) : null}
      </Stack>
    </Container>
  );
}
