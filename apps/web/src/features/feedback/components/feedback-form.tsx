// The feedback form (course-experience.md §5, §9): rating, the twelve struggles and a comment, in a dialog.
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_COMMENT_MAX_LENGTH,
  FEEDBACK_MAX_GRADE,
  feedbackStruggles,
  type FeedbackStruggle,
} from '@portal/contracts';
import { sendProductFeedback } from '../../../lib/analytics.ts';
import { showToast } from '../../../lib/toast.ts';
import { validateFeedback, type FeedbackErrors } from '../feedback-validation.ts';

const GRADES = Array.from({ length: FEEDBACK_MAX_GRADE }, (_, i) => String(i + 1));

export function FeedbackForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('feedback');
  const formId = useId();
  const [grade, setGrade] = useState<string | null>(null);
  const [details, setDetails] = useState<FeedbackStruggle[]>([]);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const send = useMutation({ mutationFn: sendProductFeedback });

  function reset() {
    setGrade(null);
    setDetails([]);
    setComment('');
    setErrors({});
    send.reset();
  }

  function close() {
    reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateFeedback({ grade, comment });
    setErrors(found);
    if (found.grade || found.comment) {
      // The first invalid field takes the focus, so keyboard and screen-reader users land on the problem.
      const first = found.grade ? `${formId}-grade-1` : `${formId}-comment`;
      document.getElementById(first)?.focus();
      return;
    }
    send.mutate(
      { grade: Number(grade), details, comment: comment.trim() },
      {
        onSuccess: () => {
          showToast({ kind: 'success', message: t('sent') });
          close();
        },
      },
    );
  }

  const errorText = (error: FeedbackErrors['comment']) =>
    error === 'required'
      ? t('required')
      : error === 'maxLength'
        ? t('maxLength', { length: FEEDBACK_COMMENT_MAX_LENGTH })
        : undefined;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <form id={formId} noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t('intro')}</Text>
          <Radio.Group
            label={t('grade.label')}
            withAsterisk
            value={grade}
            onChange={setGrade}
            error={errorText(errors.grade)}
          >
            <Group gap="md" mt="xs">
              {GRADES.map((value) => (
                <Radio
                  key={value}
                  id={`${formId}-grade-${value}`}
                  value={value}
                  label={t(`grade.${value as '1' | '2' | '3' | '4' | '5'}`)}
                />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox.Group
            label={t('details.label')}
            value={details}
            onChange={(value) => setDetails(value as FeedbackStruggle[])}
          >
            <Stack gap={6} mt="xs">
              {feedbackStruggles.map((struggle) => (
                <Checkbox key={struggle} value={struggle} label={t(`details.${struggle}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            id={`${formId}-comment`}
            label={t('comment')}
            withAsterisk
            rows={4}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            error={errorText(errors.comment)}
          />
          {send.isError ? (
            <Alert color="red" role="alert">
              {t('failed')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
