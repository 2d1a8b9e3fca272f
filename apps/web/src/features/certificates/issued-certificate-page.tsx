// /courses/{objectiveId}/certificate/{certificateNumber}: the learner's own issued certificate inside the
// portal — preview, status, downloads and the share link (spec §2, §5, §8).
import { Alert, Anchor, Box, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CertificateRecord } from '@portal/contracts';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useFormatters } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { myCertificateQuery } from './api/certificate-queries.ts';
import { CertificateActions } from './certificate-actions.tsx';

const STATUS_COLOR = { valid: 'green', expired: 'orange', revoked: 'red' } as const;

interface IssuedCertificatePageProps {
  certificateNumber: string;
  /** The course page to go back to. */
  courseUrl: string;
}

export function IssuedCertificatePage({
  certificateNumber,
  courseUrl,
}: IssuedCertificatePageProps) {
  const { t } = useTranslation('certificates');
  const certificate = useQuery(myCertificateQuery(certificateNumber));
  usePageTitle(certificate.data ? certificate.data.objectiveName : undefined);

  if (certificate.isPending) return <BlockingLoader visible />;
  if (certificate.isError || certificate.data === null) {
    return (
      <EmptyState
        headingLevel={1}
        title={t('notFound.title')}
        description={certificate.isError ? t('loadFailed') : t('notFound.description')}
        action={
          <Anchor component={Link} to={courseUrl}>
            {t('backToCourse')}
          </Anchor>
        }
      />
    );
  }
  return <IssuedCertificate certificate={certificate.data} courseUrl={courseUrl} />;
}

function IssuedCertificate({
  certificate,
  courseUrl,
}: {
  certificate: CertificateRecord;
  courseUrl: string;
}) {
  const { t } = useTranslation('certificates');
  const format = useFormatters();

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={courseUrl}>
        {t('backToCourse')}
      </Anchor>
      <Title order={1}>{certificate.objectiveName}</Title>
      <Alert
        color={STATUS_COLOR[certificate.status]}
        title={t(`status.${certificate.status}`)}
        data-testid="certificate-status"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      />
      {certificate.certificatePngUrl ? (
        <Paper withBorder shadow="xs">
          <Image
            src={`${certificate.certificatePngUrl}?disposition=inline`}
            alt={t('issuedPreview', { course: certificate.objectiveName })}
          />
        </Paper>
      ) : null}
      <Box
        component="dl"
        m={0}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
          gap: 'var(--mantine-spacing-sm)',
        }}
      >
        {(
          [
            [t('issued'), format.date(certificate.created)],
            [
              t('expires'),
              certificate.expirationDate ? format.date(certificate.expirationDate) : t('noExpiry'),
            ],
            [t('number'), certificate.certificateNumber],
          ] as const
        ).map(([term, value]) => (
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
      <CertificateActions certificate={certificate} />
    </Stack>
  );
}
