// The team's shared work: a draft any member edits (optimistic concurrency: a teammate's newer save is a
// conflict, never silently overwritten), "Submit for the team" behind a confirmation, then the submission
// read-only for everyone with who submitted it, and the team's score and feedback once graded.
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  GroupWorkflowState,
  TEAM_SUBMISSION_MAX_LENGTH,
  type GroupActivityWorkflow,
} from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useFormatters } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { groupWorkflowQuery, saveTeamDraft, submitTeamWork, teamKeys } from '../api/teams-api.ts';
import { withBdi } from './with-bdi.tsx';

/** How often an open team page looks for teammates' saves, submission and grade. */
export const TEAM_REFRESH_MS = 10_000;

/**
 * The refresh interval of the team's work: none while this member has unsaved edits (their text is never replaced
 * under their hands; a teammate's newer save shows as a conflict when they save) and none once graded.
 */
export function teamRefreshInterval(state: number | undefined, editing: boolean): number | false {
  if (editing || state === undefined || state === GroupWorkflowState.finished) return false;
  return TEAM_REFRESH_MS;
}

export function TeamWork({
  aggregateId,
  groupId,
  onSubmitted,
}: {
  aggregateId: string;
  groupId: string;
  /** The course's progress changed (submitted for every member). */
  onSubmitted: () => void;
}) {
  const { t } = useTranslation('teams');
  const format = useFormatters();
  const queryClient = useQueryClient();
  // Unsaved edits and the stored version they started from; null: the editor shows the stored work.
  const [edit, setEdit] = useState<{ text: string; baseVersion: number } | null>(null);
  const group = useQuery({
    ...groupWorkflowQuery(aggregateId, groupId),
    refetchInterval: (query) => teamRefreshInterval(query.state.data?.state, edit !== null),
  });
  const [conflict, setConflict] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const submittedNote = useRef<HTMLDivElement>(null);
  const focusSubmitted = useRef(false);
  const headingId = useId();

  const data = group.data;
  const draft = edit?.text ?? data?.submission ?? '';
  const baseVersion = edit?.baseVersion ?? data?.version ?? 0;

  // The state this member last saw; a change it did not make itself came from a teammate or the instructor.
  const seenState = useRef(data?.state);
  const store = (next: GroupActivityWorkflow) => {
    seenState.current = next.state;
    queryClient.setQueryData(teamKeys.group(groupId), next);
    setEdit(null);
  };

  const save = useMutation({
    mutationFn: () => saveTeamDraft(aggregateId, groupId, draft, baseVersion),
    onSuccess: (next) => {
      store(next);
      setConflict(false);
      showToast({ kind: 'success', message: t('draftSaved') });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'team_draft_conflict') setConflict(true);
      else if (error instanceof ApiError && error.code === 'team_work_submitted') {
        void group.refetch();
        showToast({ kind: 'critical', message: t('alreadySubmitted') });
      } else showToast({ kind: 'critical', message: t('saveFailed') });
    },
  });

  const submit = useMutation({
    mutationFn: async () => {
      let version = baseVersion;
      // Unsaved changes are saved first, so what is submitted is what the member sees.
      if (edit !== null) {
        const saved = await saveTeamDraft(aggregateId, groupId, draft, version);
        version = saved.version;
      }
      return submitTeamWork(aggregateId, groupId, version);
    },
    onSuccess: (next) => {
      setConfirming(false);
      focusSubmitted.current = true;
      store(next);
      onSubmitted();
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError && error.code === 'team_draft_conflict') setConflict(true);
      else showToast({ kind: 'critical', message: t('submitFailed') });
    },
  });

  const submitted = data !== undefined && data.state !== GroupWorkflowState.inProgress;
  useEffect(() => {
    if (!submitted || !focusSubmitted.current) return;
    focusSubmitted.current = false;
    submittedNote.current?.focus();
  }, [submitted]);
  // A teammate's submission or the grade, seen by the refresh, moves this member's progress too: reload it.
  useEffect(() => {
    const before = seenState.current;
    seenState.current = data?.state;
    if (before !== undefined && data !== undefined && before !== data.state) onSubmitted();
  }, [data, onSubmitted]);

  const loadLatest = async () => {
    await group.refetch();
    setEdit(null);
    setConflict(false);
  };

  if (group.isPending) return null;
  if (group.isError || !data) return <Alert color="red">{t('loadFailed')}</Alert>;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={4} id={headingId}>
        {t('workHeading')}
      </Title>
      {submitted ? (
        <>
          <Text ref={submittedNote} tabIndex={-1} data-testid="team-submitted-note">
            {withBdi(
              t('submittedBy', {
                name: data.submittedByName ?? '',
                date: data.submitted ? format.dateTime(data.submitted) : '',
              }),
            )}
          </Text>
          <Paper withBorder p="sm" component="figure" m={0} aria-label={t('submissionLabel')}>
            <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
              {data.submission}
            </Text>
          </Paper>
          {data.state === GroupWorkflowState.finished && data.score !== null ? (
            <Stack gap={4}>
              <Text fw={600}>
                {t('score', {
                  score: format.number(data.score),
                  maxScore: format.number(data.maxScore ?? 0),
                })}
              </Text>
              {data.feedback ? (
                <>
                  <Text fw={600}>{t('feedback')}</Text>
                  <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                    {data.feedback}
                  </Text>
                </>
              ) : null}
            </Stack>
          ) : data.resultHidden ? (
            <Text c="dimmed">{t('resultHidden')}</Text>
          ) : (
            <Text c="dimmed">{t('waitingForGrade')}</Text>
          )}
        </>
      ) : (
        <>
          <Text size="sm">{t('draftHint')}</Text>
          <Textarea
            label={t('draftLabel')}
            value={draft}
            onChange={(event) => setEdit({ text: event.currentTarget.value, baseVersion })}
            rows={8}
            resize="vertical"
            maxLength={TEAM_SUBMISSION_MAX_LENGTH}
            dir="auto"
          />
          <Text size="sm" c="dimmed">
            {data.lastEditedByName && data.lastEdited
              ? withBdi(
                  t('lastEdited', {
                    name: data.lastEditedByName,
                    date: format.dateTime(data.lastEdited),
                  }),
                )
              : t('notEditedYet')}
          </Text>
          {conflict ? (
            <Alert color="orange" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text>{t('conflict')}</Text>
                <Button variant="default" size="xs" onClick={() => void loadLatest()}>
                  {t('loadLatest')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Group>
            <Button variant="default" onClick={() => save.mutate()} loading={save.isPending}>
              {t('saveDraft')}
            </Button>
            <Button onClick={() => setConfirming(true)} disabled={submit.isPending}>
              {t('submit')}
            </Button>
          </Group>
          <Modal
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={t('confirmTitle')}
            closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
          >
            <Stack gap="md">
              <Text>{t('confirmText')}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {t('cancel')}
                </Button>
                <Button onClick={() => submit.mutate()} loading={submit.isPending}>
                  {t('confirmSubmit')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </>
      )}
    </Stack>
  );
}
