// /courses/{objectiveId}/certificate/{certificateNumber}: the learner's own issued certificate inside the
// portal — preview, status, downloads and the share link (spec §2, §5, §8).
import { Alert, Anchor, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CertificateRecord } from '@portal/contracts';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useFormatters } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { showToast } from '../../lib/toast.ts';
import { myCertificateQuery } from './api/certificate-queries.ts';

const STATUS_COLOR = { valid: 'green', expired: 'orange', revoked: 'red' } as const;

/** The link a certificate is shared by: the public page for internal templates, else the external URL. */
export function shareLinkOf(certificate: CertificateRecord, origin: string): string | null {
  if (certificate.certificatePngUrl !== null) {
    return `${origin}/learn/certificate/${encodeURIComponent(certificate.certificateNumber)}`;
  }
  return certificate.externalUrl;
}

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
  const shareLink = shareLinkOf(certificate, window.location.origin);

  async function copyLink() {
    try {
      if (shareLink === null) throw new Error('no link');
      await navigator.clipboard.writeText(shareLink);
      showToast({ kind: 'success', message: t('linkCopied') });
    } catch {
      showToast({ kind: 'critical', message: t('linkNotCopied') });
    }
  }

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
      <Group gap="sm">
        {certificate.certificatePdfUrl ? (
          <Button
            component="a"
            href={certificate.certificatePdfUrl}
            leftSection={<IconDownload size={18} aria-hidden="true" />}
          >
            {t('downloadPdf')}
          </Button>
        ) : null}
        {certificate.certificatePngUrl ? (
          <Button
            component="a"
            variant="default"
            href={certificate.certificatePngUrl}
            leftSection={<IconDownload size={18} aria-hidden="true" />}
          >
            {t('downloadPng')}
          </Button>
        ) : null}
        {certificate.externalUrl ? (
          <Button
            component="a"
            variant="default"
            href={certificate.externalUrl}
            rel="noopener noreferrer"
          >
            {t('openExternal')}
          </Button>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconLink size={18} aria-hidden="true" />}
          onClick={() => void copyLink()}
        >
          {t('copyLink')}
        </Button>
      </Group>
    </Stack>
  );
}
