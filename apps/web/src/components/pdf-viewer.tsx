// PDF viewer (loaded lazily, with pdfjs-dist imported only when a PDF is opened): one canvas per page.
import { useEffect, useRef, useState } from 'react';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PdfViewerProps {
  url: string;
  /** Shown to assistive technology as the document's name. */
  name: string;
}

type ViewerState =
  | { kind: 'loading' }
  | { kind: 'ready'; pages: number }
  | { kind: 'failed' | 'unauthorized' | 'forbidden' };

const MAX_WIDTH = 900;

class PdfStatusError extends Error {
  constructor(readonly status: number) {
    super(`PDF request failed with ${status}`);
  }
}

async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

export default function PdfViewer({ url, name }: PdfViewerProps) {
  const { t } = useTranslation('courseDetails');
  const [state, setState] = useState<ViewerState>({ kind: 'loading' });
  const pagesRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let destroy: (() => void) | undefined;
    (async () => {
      // Fetched here rather than by pdfjs so the viewer can tell "log in" (401) from "no permission" (403).
      const response = await fetch(url, { credentials: 'same-origin', signal: controller.signal });
      if (!response.ok) throw new PdfStatusError(response.status);
      const data = new Uint8Array(await response.arrayBuffer());
      const pdfjs = await loadPdfjs();
      const task = pdfjs.getDocument({ data });
      destroy = () => void task.destroy();
      const document = await task.promise;
      if (controller.signal.aborted) return;
      setState({ kind: 'ready', pages: document.numPages });
      const container = pagesRef.current;
      if (!container) return;
      container.replaceChildren();
      for (let number = 1; number <= document.numPages; number += 1) {
        if (controller.signal.aborted) return;
        const page = await document.getPage(number);
        const base = page.getViewport({ scale: 1 });
        const scale = Math.min(2, MAX_WIDTH / base.width);
        const viewport = page.getViewport({ scale });
        const canvas = window.document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.maxWidth = '100%';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute(
          'aria-label',
          t('about.pdfPage', { page: number, count: document.numPages }),
        );
        container.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.warn(`PDF ${url} could not be shown`, error);
      const status = error instanceof PdfStatusError ? error.status : 0;
      setState({ kind: status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'failed' });
    });
    return () => {
      controller.abort();
      destroy?.();
    };
  }, [t, url]);

  if (state.kind === 'unauthorized' || state.kind === 'forbidden' || state.kind === 'failed') {
    const message = {
      unauthorized: t('about.pdfUnauthorized'),
      forbidden: t('about.pdfForbidden'),
      failed: t('about.pdfFailed'),
    }[state.kind];
    return (
      <Alert color="red" role="alert">
        {message}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" role="document" aria-label={t('about.pdfDocument', { name })}>
      {state.kind === 'loading' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('about.pdfLoading')}</Text>
        </Group>
      ) : null}
      <Stack gap="xs" ref={pagesRef} align="center" />
    </Stack>
  );
}
