// The downloads and the share link of one issued certificate, shared by the certificate page and the
// certificates section of the course details (spec §5 link copying, §8 toasts).
import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CertificateRecord } from '@portal/contracts';
import { showToast } from '../../lib/toast.ts';

/** The link a certificate is shared by: the public page for internal templates, else the external URL. */
export function shareLinkOf(certificate: CertificateRecord, origin: string): string | null {
  if (certificate.certificatePngUrl !== null) {
    return `${origin}/learn/certificate/${encodeURIComponent(certificate.certificateNumber)}`;
  }
  return certificate.externalUrl;
}

interface CertificateActionsProps {
  certificate: CertificateRecord;
  /** Placed before the downloads (the list's "View certificate"). */
  leading?: ReactNode;
}

export function CertificateActions({ certificate, leading }: CertificateActionsProps) {
  const { t } = useTranslation('certificates');
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
    <Group gap="sm">
      {leading}
      <CertificateDownloads certificate={certificate} />
      <Button
        variant="default"
        leftSection={<IconLink size={18} aria-hidden="true" />}
        onClick={() => void copyLink()}
      >
        {t('copyLink')}
      </Button>
    </Group>
  );
}

/** The files of a certificate to download, and the external credential when there is one. */
export function CertificateDownloads({
  certificate,
}: {
  certificate: Pick<CertificateRecord, 'certificatePdfUrl' | 'certificatePngUrl' | 'externalUrl'>;
}) {
  const { t } = useTranslation('certificates');
  return (
    <>
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
    </>
  );
}
