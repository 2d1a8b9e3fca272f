// The tool's iframe: fetches a fresh launch form, posts it into the iframe, sizes the frame by display mode
// and the tool's lti.frameResize messages, and follows the tool's return to /lti-tool-callback.
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { ltiLaunchQuery, type LaunchTarget } from '../api/lti-launch-api.ts';
import { useToolReturn } from '../hooks/use-tool-return.ts';
import { displayModeName, frameResizeHeight, frameSize } from '../model/frame-size.ts';
import { isSafeFormAction, submitLaunchForm } from '../model/launch-form.ts';
import { readToolCallbackMessage, type ToolCallback } from '../model/tool-callback.ts';

export interface LtiLaunchFrameProps extends LaunchTarget {
  objectiveId: string;
  activityName: string;
  /** The full-screen view: the frame takes the whole box its container gives it, whatever the mode. */
  fill?: boolean;
  /** Replaces the default handling of the tool's return (to the course details), e.g. inside a proctored page. */
  onReturn?: (callback: ToolCallback) => void;
}

const newLaunchId = () => crypto.randomUUID();

function launchErrorText(error: unknown, fallback: string): string {
  // A refusal carries the server's reason (e.g. not your workflow, attempt finished); anything else is generic.
  return error instanceof ApiError && error.status === 403 && error.message
    ? error.message
    : fallback;
}

export function LtiLaunchFrame({
  objectiveId,
  activityName,
  fill = false,
  onReturn,
  ...target
}: LtiLaunchFrameProps) {
  const { t } = useTranslation('lti');
  const [launchId, setLaunchId] = useState(newLaunchId);
  const frameName = `lti-tool-frame-${launchId}`;
  // The key holds the launch id and the ids' text, so a re-render with equal ids is the same launch.
  const launch = useQuery(ltiLaunchQuery(target, launchId));
  const form = launch.data;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const submitted = useRef<object | null>(null);
  const [resizedHeight, setResizedHeight] = useState<number | null>(null);
  const toCourseDetails = useToolReturn(objectiveId);
  const onToolReturn = onReturn ?? toCourseDetails;

  // A form that would post anywhere but to a web address is refused, not submitted.
  const unsafe = form !== undefined && !isSafeFormAction(form.action, document.baseURI);

  // Each form is posted once, into the iframe made for its launch.
  useEffect(() => {
    if (!form || unsafe || !frameRef.current || submitted.current === form) return;
    submitted.current = form;
    submitLaunchForm(form, frameName);
  }, [form, unsafe, frameName]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow) return;
      const height = frameResizeHeight(event.data);
      if (height !== null) {
        setResizedHeight(height);
        return;
      }
      // The callback page is ours: its message comes from our origin, from inside this iframe.
      if (event.origin !== window.location.origin) return;
      const callback = readToolCallbackMessage(event.data);
      if (callback) onToolReturn(callback);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onToolReturn]);

  const relaunch = () => {
    setResizedHeight(null);
    setLaunchId(newLaunchId());
  };

  if (launch.isError || unsafe) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" role="alert" w="100%">
          {launchErrorText(launch.error, t('launchFailed'))}
        </Alert>
        <Button onClick={relaunch}>{t('tryAgain')}</Button>
      </Stack>
    );
  }
  if (!form) {
    return <Loader size="sm" role="status" aria-label={t('launching', { name: activityName })} />;
  }
  const size = frameSize(form, resizedHeight, fill);
  return (
    <Box
      // The class the platform's own client uses for the tool card (WIRE.md §8), kept for tests written to it.
      className={`LtiCardIframe-module_${displayModeName(form.displayMode)}`}
      data-display-mode={displayModeName(form.displayMode)}
      h={fill ? '100%' : undefined}
      style={{ maxWidth: '100%', overflow: 'auto' }}
    >
      <iframe
        // A new launch gets a new browsing context: nothing of the previous tool page survives.
        key={launchId}
        ref={frameRef}
        name={frameName}
        // Named after the activity: a screen reader lists the frame by what it holds.
        title={activityName}
        // The tool is authored content: its box takes no direction from the portal.
        dir="auto"
        allow="fullscreen"
        allowFullScreen
        style={{
          display: 'block',
          border: 0,
          width: size.width,
          height: size.height,
          maxWidth: '100%',
        }}
      />
    </Box>
  );
}
