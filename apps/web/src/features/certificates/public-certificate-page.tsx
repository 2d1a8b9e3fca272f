// /certificate/{certificateNumber}: anyone checks a certificate — its status in plain words, what it
// certifies, the rendered certificate, downloads and "Add to LinkedIn profile" (spec §2, issue 13).
import { Alert, Anchor, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CertificateStatus, PublicCertificateRecord } from '@portal/contracts';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { useFormatters } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { publicCertificateQuery } from './api/certificate-queries.ts';
import { CertificateDownloads } from './certificate-actions.tsx';
import { linkedInAddCertificationUrl } from './linkedin.ts';

const STATUS_LOOK: Record<CertificateStatus, { color: string; Icon: typeof IconCircleCheck }> = {
  valid: { color: 'green', Icon: IconCircleCheck },
  expired: { color: 'orange', Icon: IconAlertTriangle },
  revoked: { color: 'red', Icon: IconCircleX },
};

interface PublicCertificatePageProps {
  certificateNumber: string;
  /** This page's own address, for LinkedIn's certificate URL. */
  pageUrl: string;
  /** Where "Create an account" goes. */
  signUpUrl: string;
}

export function PublicCertificatePage({
  certificateNumber,
  pageUrl,
  signUpUrl,
}: PublicCertificatePageProps) {
  const { t } = useTranslation('certificates');
  const certificate = useQuery(publicCertificateQuery(certificateNumber));
  const notFound = certificate.error instanceof ApiError && certificate.error.status === 404;
  usePageTitle(
    certificate.data ? t('pageTitle', { number: certificate.data.certificateNumber }) : undefined,
  );

  if (certificate.isPending) return <BlockingLoader visible />;
  if (notFound) {
    return (
      <EmptyState
        headingLevel={1}
        title={t('notFound.title')}
        description={t('notFound.description')}
      />
    );
  }
  if (certificate.isError) {
    return <EmptyState headingLevel={1} title={t('heading')} description={t('loadFailed')} />;
  }
  return <CertificateView certificate={certificate.data} pageUrl={pageUrl} signUpUrl={signUpUrl} />;
}

function CertificateView({
  certificate,
  pageUrl,
  signUpUrl,
}: {
  certificate: PublicCertificateRecord;
  pageUrl: string;
  signUpUrl: string;
}) {
  const { t } = useTranslation('certificates');
  const format = useFormatters('UTC');
  const { color, Icon } = STATUS_LOOK[certificate.status];
  const facts: [string, string][] = [
    [t('holder'), certificate.holderName],
    [
      t('course'),
      certificate.objectiveCode
        ? `${certificate.objectiveName} (${certificate.objectiveCode})`
        : certificate.objectiveName,
    ],
    [t('issuer'), certificate.issuerName],
    [t('issued'), format.date(certificate.issued)],
    [
      t('expires'),
      certificate.expirationDate ? format.date(certificate.expirationDate) : t('noExpiry'),
    ],
    [t('number'), certificate.certificateNumber],
  ];
  // Spec §9: "X out of Y points", not shown when the maximum is 1.
  if (certificate.score && certificate.score.maxScore !== 1) {
    facts.push([
      t('score'),
      t('scorePoints', {
        score: format.number(certificate.score.score),
        max: format.number(certificate.score.maxScore),
      }),
    ]);
  }
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Title order={1}>{t('heading')}</Title>
      <Alert
        color={color}
        icon={<Icon aria-hidden="true" />}
        title={t(`status.${certificate.status}`)}
        data-testid="certificate-status"
        // The light variant's coloured title is below 4.5:1 on its tint: the title keeps the text colour.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {t(`statusExplanation.${certificate.status}`, {
          issuer: certificate.issuerName,
          holder: certificate.holderName,
          date: certificate.expirationDate ? format.date(certificate.expirationDate) : '',
        })}
      </Alert>
      {certificate.certificatePngUrl && certificate.status !== 'revoked' ? (
        <Paper withBorder shadow="xs">
          <Image
            src={`${certificate.certificatePngUrl}?disposition=inline`}
            alt={t('preview', {
              holder: certificate.holderName,
              course: certificate.objectiveName,
            })}
          />
        </Paper>
      ) : null}
      <Box
        component="dl"
        m={0}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
          gap: 'var(--mantine-spacing-sm)',
        }}
      >
        {facts.map(([term, value]) => (
          <div key={term}>
            <Text component="dt" size="sm" c="dimmed">
              {term}
            </Text>
            <Text component="dd" m={0} fw={600} dir="auto">
              {value}
            </Text>
          </div>
        ))}
      </Box>
      {certificate.status !== 'revoked' ? (
        <Group gap="sm">
          <CertificateDownloads certificate={certificate} />
          <Button
            component="a"
            variant="default"
            href={linkedInAddCertificationUrl(certificate, pageUrl)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('addToLinkedIn')}
          </Button>
        </Group>
      ) : null}
      <Text>
        {t('signUp.text')}{' '}
        <Anchor href={signUpUrl} fw={600}>
          {t('signUp.action')}
        </Anchor>
      </Text>
    </Stack>
  );
}
