// The tutor's panel: inside a course it answers from that course's knowledge model, elsewhere from the
// tenant's default one. A question returns passages of the course with links to where they come from; the
// learner's questions stay as a history they can clear. Answers are announced to screen readers.
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
import { TUTOR_QUESTION_MAX_LENGTH, type TutorAnswer, type TutorPassage } from '@portal/contracts';
import { announce } from '../../../lib/announcer.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { courseAggregateQuery } from '../../course-details/api/course-details-queries.ts';
import { courseContentPath, courseDetailsPath } from '../../course-details/course-paths.ts';
import {
  askTutor,
  clearTutorHistory,
  knowledgeModelQuery,
  tutorHistoryQuery,
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

function Answer({ answer, onNavigate }: { answer: TutorAnswer; onNavigate(): void }) {
  const { t } = useTranslation('tutor');
  return (
    <Box component="li" className="tutor-answer">
      <Text fw={700} component="p">
        <bdi dir="auto">{answer.question}</bdi>
      </Text>
      {answer.passages.length === 0 ? (
        <Text c="dimmed">{t('noAnswer')}</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {answer.passages.map((passage) => (
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
      )}
    </Box>
  );
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

  const ask = useMutation({
    mutationFn: (text: string) => askTutor(knowledgeModelId, text),
    onSuccess: (answer) => {
      queryClient.setQueryData(tutorHistoryQuery(knowledgeModelId).queryKey, (old) => ({
        items: [...(old?.items ?? []), answer],
      }));
      setQuestion('');
      announce(
        answer.passages.length === 0
          ? t('noAnswer')
          : t('found', {
              count: answer.passages.length,
              titles: answer.passages.map((p) => p.title).join('; '),
            }),
      );
    },
    onError: (error) => announce(errorText(error), 'assertive'),
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
        ) : items.length === 0 ? (
          <Text c="dimmed">{t('emptyHistory')}</Text>
        ) : (
          <Stack component="ol" gap="lg" m={0} p={0} style={{ listStyle: 'none' }}>
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
