// The caller's team members (spec §9: first, middle and last name, e-mail, primary unit), sorted and paged on
// the server through the list-query engine. Sortable headers are buttons; the sorted one carries aria-sort.
import { useState } from 'react';
import { Alert, Loader, Pagination, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PARTICIPANTS_PAGE_SIZE,
  participantsQuery,
  type ParticipantSort,
} from '../api/teams-api.ts';

const COLUMNS: ParticipantSort['selector'][] = [
  'firstName',
  'middleName',
  'lastName',
  'email',
  'primaryUnit',
];

export function ParticipantsTable({
  objectiveWorkflowId,
  axis,
}: {
  objectiveWorkflowId: string;
  axis: string;
}) {
  const { t } = useTranslation('teams');
  const [sort, setSort] = useState<ParticipantSort>({ selector: 'lastName', desc: false });
  const [page, setPage] = useState(0);
  const participants = useQuery(participantsQuery(objectiveWorkflowId, axis, page, sort));

  if (participants.isPending)
    return <Loader size="sm" role="status" aria-label={t('loadingMembers')} />;
  if (participants.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const { data, totalCount } = participants.data;
  const pages = Math.max(1, Math.ceil(totalCount / PARTICIPANTS_PAGE_SIZE));

  const toggle = (selector: ParticipantSort['selector']) => {
    setSort((current) =>
      current.selector === selector ? { selector, desc: !current.desc } : { selector, desc: false },
    );
    setPage(0);
  };

  return (
    <Stack gap="xs">
      {/* Scrolls sideways on narrow screens; focusable so the keyboard can scroll it too. */}
      <div role="region" aria-label={t('participants')} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table striped captionSide="top">
          <Table.Caption>{t('participants')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => {
                const sorted = sort.selector === column;
                const Icon = !sorted ? IconArrowsSort : sort.desc ? IconArrowDown : IconArrowUp;
                return (
                  <Table.Th
                    key={column}
                    scope="col"
                    aria-sort={sorted ? (sort.desc ? 'descending' : 'ascending') : undefined}
                  >
                    <UnstyledButton
                      onClick={() => toggle(column)}
                      fw={600}
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                    >
                      {t(`columns.${column}`)}
                      <Icon size={14} aria-hidden="true" />
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <bdi dir="auto">{member.firstName}</bdi>
                </Table.Td>
                <Table.Td>
                  {member.middleName ? <bdi dir="auto">{member.middleName}</bdi> : null}
                </Table.Td>
                <Table.Td>
                  <bdi dir="auto">{member.lastName}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{member.email}</bdi>
                </Table.Td>
                <Table.Td>
                  {member.primaryUnit ? <bdi dir="auto">{member.primaryUnit}</bdi> : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {data.length === 0 ? <Text c="dimmed">{t('noMembers')}</Text> : null}
      {totalCount > PARTICIPANTS_PAGE_SIZE ? (
        <nav aria-label={t('memberPages')}>
          <Pagination
            total={pages}
            value={page + 1}
            onChange={(value) => setPage(value - 1)}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('previousPage') : t('nextPage'),
            })}
            getItemProps={(value) => ({ 'aria-label': t('page', { page: value }) })}
          />
        </nav>
      ) : null}
    </Stack>
  );
}
