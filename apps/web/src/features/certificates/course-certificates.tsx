// The certificates section of the course details (spec §2): the current results (score, grade, passing
// score, "X out of Y points" unless the maximum is 1) and the learner's certificates for the course, newest
// first, each with its preview, view, downloads, share link and expiry.
import { useId } from 'react';
import { Badge, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CertificateRecord, LastObjectiveRecord } from '@portal/contracts';
import type { GradeDisplay } from '@portal/domain';
import { useFormatters } from '../../lib/format.ts';
import { currentUserQuery } from '../../lib/platform-queries.ts';
import { courseCertificatePath } from '../course-details/course-paths.ts';
import { courseCertificatesQuery } from './api/certificate-queries.ts';
import { CertificateActions } from './certificate-actions.tsx';

interface CourseCertificatesProps {
  objectiveId: string;
  /** The current attempt's result. */
  record: LastObjectiveRecord | null;
  /** What the reveal policy lets the learner see of it. */
  display: GradeDisplay;
  /** Normalized (0–1) passing score the result is graded against. */
  passingScore: number | null;
}

/** "X out of Y points", or null when there are no points or the maximum is 1 (spec §9). */
export function pointsOf(record: Pick<LastObjectiveRecord, 'score' | 'maxScore'> | null) {
  if (record === null || record.score === null || record.maxScore === null) return null;
  if (record.maxScore === 1) return null;
  return { score: record.score, max: record.maxScore };
}

export function CourseCertificates({
  objectiveId,
  record,
  display,
  passingScore,
}: CourseCertificatesProps) {
  const { t } = useTranslation('certificates');
  const format = useFormatters();
  const titleId = useId();
  const user = useQuery(currentUserQuery());
  const userId = user.data?.id ?? '';
  const certificates = useQuery({
    ...courseCertificatesQuery(objectiveId, userId),
    enabled: userId !== '',
  });
  const list = certificates.data ?? [];
  if (list.length === 0) return null;

  const points = display.kind === 'shown' && display.percentText !== null ? pointsOf(record) : null;
  const results: [string, string][] = [];
  if (display.kind === 'shown') {
    if (display.percentText !== null) {
      results.push([
        t('score'),
        points
          ? `${display.percentText} (${t('scorePoints', { score: format.number(points.score), max: format.number(points.max) })})`
          : display.percentText,
      ]);
    }
    if (display.gradeName) results.push([t('courseSection.grade'), display.gradeName]);
  }
  if (passingScore !== null)
    results.push([t('courseSection.passingScore'), format.percent(passingScore)]);

  return (
    <Stack component="section" gap="md" aria-labelledby={titleId}>
      <Title order={2} id={titleId} size="h3">
        {t('courseSection.title')}
      </Title>
      {results.length > 0 ? (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('courseSection.currentResults')}
          </Title>
          <FactList facts={results} testId="certificate-results" />
        </Stack>
      ) : null}
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {list.map((certificate) => (
          <CertificateItem
            key={certificate.id}
            certificate={certificate}
            objectiveId={objectiveId}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function CertificateItem({
  certificate,
  objectiveId,
}: {
  certificate: CertificateRecord;
  objectiveId: string;
}) {
  const { t } = useTranslation('certificates');
  const format = useFormatters();
  const headingId = useId();
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        {certificate.certificatePngUrl ? (
          <Image
            src={`${certificate.certificatePngUrl}?disposition=inline`}
            alt={t('issuedPreview', { course: certificate.objectiveName })}
            w={240}
            maw="100%"
            fit="contain"
          />
        ) : null}
        <Stack gap="sm" style={{ flex: '1 1 280px' }}>
          <Group gap="sm">
            <Title order={3} size="h5" id={headingId}>
              {t('pageTitle', { number: certificate.certificateNumber })}
            </Title>
            {certificate.status !== 'valid' ? (
              <Badge color={certificate.status === 'expired' ? 'orange.9' : 'red.9'} tt="none">
                {t(`status.${certificate.status}`)}
              </Badge>
            ) : null}
          </Group>
          <FactList
            facts={[
              [t('issued'), format.date(certificate.created)],
              [
                t('expires'),
                certificate.expirationDate
                  ? format.date(certificate.expirationDate)
                  : t('noExpiry'),
              ],
            ]}
          />
          <CertificateActions
            certificate={certificate}
            leading={
              <Button
                component={Link}
                variant="default"
                to={courseCertificatePath(objectiveId, certificate.certificateNumber)}
              >
                {t('courseSection.view')}
              </Button>
            }
          />
        </Stack>
      </Group>
    </Paper>
  );
}

function FactList({ facts, testId }: { facts: [string, string][]; testId?: string }) {
  return (
    <Box
      component="dl"
      m={0}
      data-testid={testId}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
        gap: 'var(--mantine-spacing-xs)',
      }}
    >
      {facts.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" m={0} fw={600}>
            {value}
          </Text>
        </div>
      ))}
    </Box>
  );
}
