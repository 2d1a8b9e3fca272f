// The course details' opt-in to knowledge questions by e-mail: shown only to enrolled learners of a course that
// has questions (the server answers 404 otherwise, and the switch stays hidden).
import { Paper, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unknownErrorText } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast.ts';
import {
  knowledgeQuestionKeys,
  questionSubscriptionQuery,
  setQuestionSubscription,
} from '../api/knowledge-questions-api.ts';

export function QuestionSubscriptionToggle({ objectiveId }: { objectiveId: string }) {
  const { t } = useTranslation('knowledgeQuestions');
  const queryClient = useQueryClient();
  const subscription = useQuery({ ...questionSubscriptionQuery(objectiveId), retry: false });
  const change = useMutation({
    mutationFn: (optedIn: boolean) => setQuestionSubscription(objectiveId, optedIn),
    onSuccess: (data) => {
      queryClient.setQueryData(knowledgeQuestionKeys.subscription(objectiveId), data);
      showToast({ kind: 'success', message: data.optedIn ? t('toggle.on') : t('toggle.off') });
    },
    onError: () => showToast({ kind: 'critical', message: unknownErrorText() }),
  });
  if (!subscription.data?.hasQuestions) return null;
  return (
    <Paper withBorder p="md" mt="lg" radius="md">
      <Switch
        label={t('toggle.label')}
        description={t('toggle.description')}
        checked={subscription.data.optedIn}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
      />
    </Paper>
  );
}
