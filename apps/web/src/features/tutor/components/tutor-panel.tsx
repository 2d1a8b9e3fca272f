// The tutor's panel: inside a course it answers from that course's knowledge model, elsewhere from the
// tenant's default one. A question returns passages of the course with links to where they come from; the
// learner's questions stay as a history they can clear. Answers are announced to screen readers. With the
// generative tutor (docs/decisions/0024) the answer is composed from those passages while the learner watches:
// shown as it arrives (aria-busy), announced once complete, its citations linked to the passages.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Drawer,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  TUTOR_QUESTION_MAX_LENGTH,
  type TutorAnswer,
  type TutorGeneration,
  type TutorPassage,
} from '@portal/contracts';
import { announce } from '../../../lib/announcer.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { courseAggregateQuery } from '../../course-details/api/course-details-queries.ts';
import { courseContentPath, courseDetailsPath } from '../../course-details/course-paths.ts';
import {
  askTutorStream,
  clearTutorHistory,
  knowledgeModelQuery,
  tutorHistoryQuery,
  type TutorProgress,
} from '../api/tutor-api.ts';

export interface TutorPanelProps {
  opened: boolean;
  onClose(): void;
  defaultKnowledgeModelId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The knowledge model to ask: the course's inside a course route, otherwise the default one. */
function useKnowledgeModel(defaultKnowledgeModelId: string | null) {
  const match = useMatch('/courses/:objectiveId/*');
  const objectiveId = match?.params.objectiveId;
  const inCourse = objectiveId !== undefined && UUID.test(objectiveId);
  const aggregate = useQuery({ ...courseAggregateQuery(objectiveId ?? ''), enabled: inCourse });
  const model = useQuery({
    ...knowledgeModelQuery(aggregate.data?.objectiveWorkflowAggregate.id ?? ''),
    enabled: inCourse && aggregate.data !== undefined,
  });
  if (!inCourse) return { id: defaultKnowledgeModelId, pending: false, failed: false };
  return {
    id: model.data?.knowledgeModelId ?? null,
    pending: aggregate.isPending || (aggregate.isSuccess && model.isPending),
    failed: aggregate.isError || model.isError,
  };
}

function passageLink(passage: TutorPassage): string {
  return passage.axis === null
    ? courseDetailsPath(passage.objectiveId)
    : courseContentPath(passage.objectiveId, passage.axis);
}

function PassageList({ passages, onNavigate }: { passages: TutorPassage[]; onNavigate(): void }) {
  const { t } = useTranslation('tutor');
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {passages.map((passage) => (
        <Box component="li" key={passage.id}>
          <Anchor component={Link} to={passageLink(passage)} onClick={onNavigate} fw={600}>
            <bdi dir="auto">
              {passage.axis === null ? t('about', { title: passage.title }) : passage.title}
            </bdi>
          </Anchor>
          <Text size="sm" dir="auto">
            {passage.text}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/** The composed answer (plain text) and the passages it cites, numbered as in the text. */
function GeneratedAnswer({
  answer,
  onNavigate,
}: {
  answer: TutorAnswer & { generation: TutorGeneration };
  onNavigate(): void;
}) {
  const { t } = useTranslation('tutor');
  const cited = answer.generation.citations
    .map((id) => ({ number: answer.passages.findIndex((p) => p.id === id) + 1, id }))
    .filter((citation) => citation.number > 0);
  return (
    <Stack gap="xs">
      <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
        {answer.generation.text}
      </Text>
      {cited.length > 0 ? (
        <Box>
          <Text size="sm" fw={600} component="p">
            {t('sources')}
          </Text>
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {cited.map(({ number, id }) => {
              const passage = answer.passages[number - 1]!;
              return (
                <li key={id}>
                  <Anchor component={Link} to={passageLink(passage)} onClick={onNavigate} size="sm">
                    [{number}]{' '}
                    <bdi dir="auto">
                      {passage.axis === null ? t('about', { title: passage.title }) : passage.title}
                    </bdi>
                  </Anchor>
                </li>
              );
            })}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}

function Answer({ answer, onNavigate }: { answer: TutorAnswer; onNavigate(): void }) {
  const { t } = useTranslation('tutor');
  const generation = answer.generation ?? null;
  return (
    <Box component="li" className="tutor-answer">
      <Text fw={700} component="p">
        <bdi dir="auto">{answer.question}</bdi>
      </Text>
      {generation?.status === 'answered' ? (
        <GeneratedAnswer answer={{ ...answer, generation }} onNavigate={onNavigate} />
      ) : (
        <Stack gap="xs">
          {generation?.status === 'notCovered' ? (
            <Text fw={600}>{t('notCovered')}</Text>
          ) : generation?.status === 'failed' ? (
            <Text c="dimmed">{t('fallback')}</Text>
          ) : null}
          {answer.passages.length === 0 ? (
            generation?.status === 'notCovered' ? null : (
              <Text c="dimmed">{t('noAnswer')}</Text>
            )
          ) : (
            <PassageList passages={answer.passages} onNavigate={onNavigate} />
          )}
        </Stack>
      )}
    </Box>
  );
}

/** The answer being composed: passages first, then the text as it arrives; busy until complete. */
function PendingAnswer({
  question,
  progress,
  onNavigate,
}: {
  question: string;
  progress: TutorProgress;
  onNavigate(): void;
}) {
  const { t } = useTranslation('tutor');
  return (
    <Box component="li" className="tutor-answer" aria-busy="true">
      <Text fw={700} component="p">
        <bdi dir="auto">{question}</bdi>
      </Text>
      {progress.text === '' ? (
        <Group gap="xs">
          <Loader size="xs" aria-hidden="true" />
          <Text c="dimmed" size="sm">
            {t('writing')}
          </Text>
        </Group>
      ) : (
        <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }} data-testid="tutor-streaming">
          {progress.text}
        </Text>
      )}
      {progress.text === '' && progress.passages && progress.passages.length > 0 ? (
        <Box mt="xs">
          <PassageList passages={progress.passages} onNavigate={onNavigate} />
        </Box>
      ) : null}
    </Box>
  );
}

/** What is said to screen readers once an answer is complete. */
function announcement(answer: TutorAnswer, t: TFunction<'tutor'>): string {
  const found = () =>
    answer.passages.length === 0
      ? t('noAnswer')
      : t('found', {
          count: answer.passages.length,
          titles: answer.passages.map((p) => p.title).join('; '),
        });
  switch (answer.generation?.status) {
    case 'answered':
      return answer.generation.text;
    case 'notCovered':
      return t('notCovered');
    case 'failed':
      return `${t('fallback')} ${found()}`;
    default:
      return found();
  }
}

function TutorConversation({
  knowledgeModelId,
  onNavigate,
}: {
  knowledgeModelId: string;
  onNavigate(): void;
}) {
  const { t } = useTranslation('tutor');
  const queryClient = useQueryClient();
  const history = useQuery(tutorHistoryQuery(knowledgeModelId));
  const [question, setQuestion] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const historyHeadingId = useId();
  // The box appears once the knowledge model is known, after the drawer placed its focus: move it here.
  useEffect(() => questionRef.current?.focus(), []);

  const [progress, setProgress] = useState<TutorProgress | null>(null);
  // The learner closing the drawer ends the answer being composed (the server stops asking the model).
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => () => leaving.current?.abort(), []);

  const ask = useMutation({
    mutationFn: (text: string) => {
      leaving.current = new AbortController();
      setProgress({ passages: null, text: '' });
      return askTutorStream(knowledgeModelId, text, setProgress, leaving.current.signal);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(tutorHistoryQuery(knowledgeModelId).queryKey, (old) => ({
        items: [...(old?.items ?? []), answer],
      }));
      setQuestion('');
      announce(announcement(answer, t));
    },
    onError: (error) => {
      // Closing the drawer mid-answer is not a failure to report.
      if (!leaving.current?.signal.aborted) announce(errorText(error), 'assertive');
    },
    onSettled: () => setProgress(null),
  });
  const clear = useMutation({
    mutationFn: () => clearTutorHistory(knowledgeModelId),
    onSuccess: () => {
      queryClient.setQueryData(tutorHistoryQuery(knowledgeModelId).queryKey, { items: [] });
      setConfirming(false);
      announce(t('cleared'));
      questionRef.current?.focus();
    },
    onError: (error) => announce(errorText(error), 'assertive'),
  });

  function errorText(error: unknown): string {
    // The daily limit says so in the learner's language; anything else: the spec's text.
    return error instanceof ApiError && error.status === 429 ? error.message : t('unavailable');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = question.trim();
    if (text === '') {
      setInputError(t('required'));
      questionRef.current?.focus();
      return;
    }
    setInputError(null);
    ask.mutate(text);
  }

  const items = history.data?.items ?? [];
  const failure = ask.error ?? clear.error ?? history.error;
  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Textarea
            ref={questionRef}
            label={t('question')}
            description={t('intro')}
            value={question}
            onChange={(event) => {
              setQuestion(event.currentTarget.value);
              if (inputError) setInputError(null);
            }}
            onKeyDown={(event) => {
              // Enter asks; Shift+Enter starts a new line.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            maxLength={TUTOR_QUESTION_MAX_LENGTH}
            rows={3}
            error={inputError}
            dir="auto"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" loading={ask.isPending}>
              {t('ask')}
            </Button>
          </Group>
        </Stack>
      </form>
      {failure ? (
        <Alert color="red" role="alert">
          {errorText(failure)}
        </Alert>
      ) : null}
      <section aria-labelledby={historyHeadingId}>
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5" id={historyHeadingId}>
            {t('history')}
          </Title>
          {items.length > 0 && !confirming ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setConfirming(true)}
            >
              {t('clear')}
            </Button>
          ) : null}
        </Group>
        {confirming ? (
          <Alert color="orange" mb="sm" title={t('clearConfirm')}>
            <Group gap="xs" mt="xs">
              <Button
                color="red"
                size="xs"
                loading={clear.isPending}
                onClick={() => clear.mutate()}
                data-autofocus
              >
                {t('clearYes')}
              </Button>
              <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                {t('cancel')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {history.isPending ? (
          <Loader size="sm" aria-label={t('loading')} />
        ) : items.length === 0 && !(ask.isPending && progress) ? (
          <Text c="dimmed">{t('emptyHistory')}</Text>
        ) : (
          <Stack component="ol" gap="lg" m={0} p={0} style={{ listStyle: 'none' }}>
            {ask.isPending && progress ? (
              <PendingAnswer question={ask.variables} progress={progress} onNavigate={onNavigate} />
            ) : null}
            {[...items].reverse().map((answer) => (
              <Answer key={answer.id} answer={answer} onNavigate={onNavigate} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

export function TutorPanel({ opened, onClose, defaultKnowledgeModelId }: TutorPanelProps) {
  const { t } = useTranslation('tutor');
  const model = useKnowledgeModel(defaultKnowledgeModelId);
  useEffect(() => {
    if (opened && model.failed) announce(t('unavailable'), 'assertive');
  }, [opened, model.failed, t]);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('title')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {model.failed ? (
        <Alert color="red">{t('unavailable')}</Alert>
      ) : model.pending ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : model.id === null ? (
        <Text>{t('noModel')}</Text>
      ) : (
        <TutorConversation key={model.id} knowledgeModelId={model.id} onNavigate={onClose} />
      )}
    </Drawer>
  );
}
