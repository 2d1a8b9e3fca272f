// The previous attempts table (collapsible): one row per result, each with its own review button.
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Collapse, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WorkflowState, type EnrollmentAggregate, type ObjectiveRecord } from '@portal/contracts';
import { gradeDisplay, isReviewAllowed, type GradeDisplay } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';
import { reviewAttemptPath } from '../course-paths.ts';

interface PreviousAttemptsProps {
  aggregate: EnrollmentAggregate;
  records: readonly ObjectiveRecord[];
  supportReview: boolean;
  now: Date;
}

export function PreviousAttempts({
  aggregate,
  records,
  supportReview,
  now,
}: PreviousAttemptsProps) {
  const { t } = useTranslation('courseDetails');
  const format = useFormatters();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(true);
  const tableId = useId();
  const titleId = useId();
  if (records.length === 0) return null;
  // Numbered oldest first, listed newest first.
  const numbered = records.map((record, index) => ({ record, number: records.length - index }));

  const resultText = (display: GradeDisplay) => {
    if (display.kind === 'hidden') return t('attempts.hidden');
    if (display.kind === 'gradingInProgress') return t('status.gradingInProgress');
    return (
      [display.gradeName, display.percentText].filter(Boolean).join(' · ') || t('attempts.none')
    );
  };

  return (
    <Stack component="section" gap="xs" aria-labelledby={titleId}>
      <Text component="h2" id={titleId} fw={700} size="xl" m={0}>
        <Button
          variant="subtle"
          px={0}
          size="md"
          aria-expanded={opened}
          aria-controls={tableId}
          rightSection={
            opened ? <IconChevronUp aria-hidden="true" /> : <IconChevronDown aria-hidden="true" />
          }
          onClick={() => setOpened((value) => !value)}
        >
          {t('attempts.title')}
        </Button>
      </Text>
      <Collapse expanded={opened} id={tableId}>
        <Box style={{ overflowX: 'auto' }}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('attempts.attempt')}</Table.Th>
                <Table.Th scope="col">{t('attempts.started')}</Table.Th>
                <Table.Th scope="col">{t('attempts.finished')}</Table.Th>
                <Table.Th scope="col">{t('attempts.result')}</Table.Th>
                <Table.Th scope="col">{t('attempts.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {numbered.map(({ record, number }) => {
                const workflowState = record.finished !== null ? WorkflowState.finished : null;
                const display = gradeDisplay(
                  {
                    policy: aggregate.gradeRevealPolicy,
                    revealDate: aggregate.gradeRevealDate,
                    workflowState,
                    record,
                    scale: null,
                  },
                  now,
                );
                const workflowId = record.objectiveWorkflowId;
                const canReview =
                  workflowId !== null &&
                  isReviewAllowed(
                    {
                      supportReview,
                      workflowState,
                      protectResults: record.protectResults,
                      gradeRevealPolicy: aggregate.gradeRevealPolicy,
                      gradeRevealDate: aggregate.gradeRevealDate,
                    },
                    now,
                  );
                return (
                  <Table.Tr key={record.id}>
                    <Table.Th scope="row">
                      {workflowId === null ? `${number} (${t('attempts.imported')})` : number}
                    </Table.Th>
                    <Table.Td>
                      {record.started ? format.date(record.started) : t('attempts.none')}
                    </Table.Td>
                    <Table.Td>
                      {record.finished ? format.date(record.finished) : t('attempts.none')}
                    </Table.Td>
                    <Table.Td>{resultText(display)}</Table.Td>
                    <Table.Td>
                      {workflowId !== null ? (
                        <Button
                          size="xs"
                          variant="default"
                          disabled={!canReview}
                          aria-label={t('attempts.review', { number })}
                          onClick={() =>
                            void navigate(reviewAttemptPath(aggregate.objective.id, workflowId))
                          }
                        >
                          {t('attempts.reviewShort')}
                        </Button>
                      ) : (
                        t('attempts.none')
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      </Collapse>
    </Stack>
  );
}
