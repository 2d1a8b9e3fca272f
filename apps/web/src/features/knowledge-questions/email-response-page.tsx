// /email-response-callback: where the links of knowledge-question e-mails lead. The page POSTs the signed token
// on load (a GET never records, so mail scanners that prefetch links answer nothing); the server checks the
// answer and records it once, so a link opened again shows the recorded result. Also the unsubscribe link.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  KNOWLEDGE_ANSWER_TEXT_MAX_LENGTH,
  type KnowledgeQuestionAnswerRequest,
  type KnowledgeQuestionAnswerResult,
} from '@portal/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { useFormatters } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { showToast } from '../../lib/toast.ts';
import {
  answerKnowledgeQuestion,
  unsubscribeKnowledgeQuestions,
} from './api/knowledge-questions-api.ts';

type LinkErrorKey = 'invalid' | 'expired' | 'otherUser' | 'failed';

function errorKeyOf(error: unknown): LinkErrorKey {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === 'knowledge_link_expired') return 'expired';
  if (error.code === 'knowledge_link_invalid') return 'invalid';
  if (error.code === 'knowledge_link_other_user') return 'otherUser';
  return 'failed';
}

/** The review link of the module: the course's redirect screen finds the learner's place in it. */
export function reviewModulePath(result: KnowledgeQuestionAnswerResult): string {
  const query = new URLSearchParams({
    activityId: result.activityId,
    activityPathId: result.activityPathId,
  });
  return `/courses/redirect/${encodeURIComponent(result.objectiveId)}?${query.toString()}`;
}

function LinkError({ error }: { error: unknown }) {
  const { t } = useTranslation('knowledgeQuestions');
  return (
    <Alert color="red" role="alert" title={t(`errors.${errorKeyOf(error)}.title`)}>
      {t(`errors.${errorKeyOf(error)}.text`)}
    </Alert>
  );
}

function AnswerForm({
  prompt,
  onAnswer,
  sending,
}: {
  prompt: string;
  onAnswer: (text: string) => void;
  sending: boolean;
}) {
  const { t } = useTranslation('knowledgeQuestions');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') onAnswer(text.trim());
  };
  return (
    <form onSubmit={submit} aria-labelledby="knowledge-question-prompt">
      <Stack gap="sm">
        <Text id="knowledge-question-prompt" size="lg" fw={600} dir="auto">
          {prompt}
        </Text>
        <TextInput
          label={t('answer.label')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={KNOWLEDGE_ANSWER_TEXT_MAX_LENGTH}
          required
          dir="auto"
        />
        <Group>
          <Button type="submit" loading={sending}>
            {t('answer.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AnswerResult({
  result,
  focus,
}: {
  result: Extract<KnowledgeQuestionAnswerResult, { status: 'recorded' | 'replayed' }>;
  /** Moves focus to the verdict (after the form that had it went away). */
  focus: boolean;
}) {
  const { t } = useTranslation('knowledgeQuestions');
  const format = useFormatters();
  const toastShown = useRef(false);
  const verdict = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) verdict.current?.focus();
  }, [focus]);
  useEffect(() => {
    if (result.moduleExists || toastShown.current) return;
    toastShown.current = true;
    showToast({ kind: 'critical', message: t('moduleNotFound') });
  }, [result.moduleExists, t]);
  return (
    <Stack gap="sm">
      {result.status === 'replayed' ? (
        <Alert color="blue" title={t('result.replayedTitle')}>
          {t('result.replayed', { date: format.dateTime(result.answeredAt) })}
        </Alert>
      ) : null}
      <Title order={2} size="h3" ref={verdict} tabIndex={-1}>
        <Badge size="lg" color={result.correct ? 'green' : 'red'} role="status">
          {result.correct ? t('result.correct') : t('result.incorrect')}
        </Badge>
      </Title>
      <Text size="lg" fw={600} dir="auto">
        {result.prompt}
      </Text>
      <Text>
        {t('result.yourAnswer')} <bdi>{result.answer}</bdi>
      </Text>
      {result.correct ? null : (
        <Text>
          {t('result.correctAnswer')} <bdi>{result.correctAnswer}</bdi>
        </Text>
      )}
      {result.explanation ? (
        <Text dir="auto" c="dimmed">
          {result.explanation}
        </Text>
      ) : null}
      {result.moduleExists ? (
        <Group>
          <Button component={Link} to={reviewModulePath(result)}>
            {t('result.reviewModule')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function AnswerPage({ request }: { request: KnowledgeQuestionAnswerRequest }) {
  const { t } = useTranslation('knowledgeQuestions');
  const mutation = useMutation({ mutationFn: answerKnowledgeQuestion });
  const sent = useRef(false);
  useEffect(() => {
    // Once per page: a second POST would only answer "already answered".
    if (sent.current) return;
    sent.current = true;
    mutation.mutate(request);
  }, [mutation, request]);

  const result = mutation.data;
  return (
    <>
      {mutation.isError ? <LinkError error={mutation.error} /> : null}
      {!result && !mutation.isError ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('checking')}</Text>
        </Group>
      ) : null}
      {result?.status === 'awaitingAnswer' ? (
        <AnswerForm
          prompt={result.prompt}
          sending={mutation.isPending}
          onAnswer={(answerText) => mutation.mutate({ ...request, answerText })}
        />
      ) : null}
      {result && result.status !== 'awaitingAnswer' ? (
        <AnswerResult result={result} focus={mutation.variables.answerText !== undefined} />
      ) : null}
    </>
  );
}

function UnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslation('knowledgeQuestions');
  const mutation = useMutation({ mutationFn: unsubscribeKnowledgeQuestions });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutation.mutate(token);
  }, [mutation, token]);
  if (mutation.isError) return <LinkError error={mutation.error} />;
  if (!mutation.data)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('checking')}</Text>
      </Group>
    );
  return (
    <Stack gap="sm">
      <Text role="status">{t('unsubscribed')}</Text>
      <Group>
        <Button component={Link} to={`/courses/${encodeURIComponent(mutation.data.objectiveId)}`}>
          {t('openCourse')}
        </Button>
      </Group>
    </Stack>
  );
}

export function EmailResponsePage() {
  const { t } = useTranslation('knowledgeQuestions');
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const [request] = useState(() => {
    const token = params.get('token');
    if (!token) return null;
    const optional = (name: string) => params.get(name) ?? undefined;
    return {
      token,
      activityId: optional('activityId'),
      activityPathId: optional('activityPathId'),
      answerId: optional('answerId'),
      answerText: optional('answerText')?.trim() || undefined,
    } satisfies KnowledgeQuestionAnswerRequest;
  });
  const [unsubscribe] = useState(() => params.get('unsubscribe'));
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{unsubscribe ? t('unsubscribeTitle') : t('title')}</Title>
      {unsubscribe ? (
        <UnsubscribePage token={unsubscribe} />
      ) : request ? (
        <AnswerPage request={request} />
      ) : (
        <LinkError error={new ApiError(400, '', 'knowledge_link_invalid')} />
      )}
    </Stack>
  );
}
