// The "About" section of a course: sanitised rich text with heading anchors, full-screen tables, an image
// gallery, iframes loaded as they near the viewport, PDF viewers and attachment sizes.
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { Button, Modal, Stack, Title, Typography } from '@mantine/core';
import { IconFileTypePdf, IconMaximize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from '../../../components/image-gallery.tsx';
import { DEFERRED_SRC, fileLinkKind, prepareAboutHtml } from './about-html.ts';
import { fetchFileSize, formatFileSize, isAllowedCourseFile } from './file-links.ts';
import './about-section.css';

const ImageGallery = lazy(() => import('../../../components/image-gallery.tsx'));
const PdfViewer = lazy(() => import('../../../components/pdf-viewer.tsx'));

/** Spec 9: an iframe loads once a tenth of it is visible, counting 100 px above the viewport as visible. */
export const IFRAME_OBSERVER_OPTIONS: IntersectionObserverInit = {
  threshold: 0.1,
  rootMargin: '100px 0px 0px 0px',
};

interface Mount {
  element: HTMLElement;
}
interface TableMount extends Mount {
  html: string;
  /** The table's own caption, which names its full-screen view. */
  caption: string;
}
interface PdfMount extends Mount {
  url: string;
  name: string;
}

function loadFrame(frame: HTMLIFrameElement) {
  const src = frame.getAttribute(DEFERRED_SRC);
  if (src) {
    frame.src = src;
    frame.removeAttribute(DEFERRED_SRC);
  }
}

export function AboutSection({ html }: { html: string | null | undefined }) {
  const { t, i18n } = useTranslation('courseDetails');
  const headingId = useId();
  const idPrefix = `about-${headingId.replace(/[^a-zA-Z0-9]/g, '')}`;
  const safeHtml = useMemo(
    () =>
      prepareAboutHtml(html, {
        anchorLabel: (heading) => t('about.anchor', { heading }),
        idPrefix,
      }),
    [html, idPrefix, t],
  );
  const contentRef = useRef<HTMLDivElement>(null);
  const [tables, setTables] = useState<TableMount[]>([]);
  const [pdfs, setPdfs] = useState<PdfMount[]>([]);
  const [images, setImages] = useState<GalleryImage[]>([]);
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  // The image the gallery was opened from: focus returns to it when the gallery closes.
  const galleryOpener = useRef<HTMLElement | null>(null);
  const [openTable, setOpenTable] = useState<number | null>(null);
  const [openPdfs, setOpenPdfs] = useState<ReadonlySet<number>>(new Set());
  const locale = i18n.language;

  // The HTML is static once rendered, so its interactive parts are wired up on the DOM React left alone.
  useEffect(() => {
    const root = contentRef.current;
    if (!root) return;
    const inserted: HTMLElement[] = [];
    const insertAfter = (anchor: Element, tag: string, before = false) => {
      const element = document.createElement(tag);
      if (before) anchor.before(element);
      else anchor.after(element);
      inserted.push(element);
      return element;
    };

    const tableMounts = Array.from(root.querySelectorAll('table')).map((table) => ({
      element: insertAfter(table, 'div', true),
      html: table.outerHTML,
      caption: table.caption?.textContent?.trim() ?? '',
    }));

    const imageElements = Array.from(root.querySelectorAll('img'));
    imageElements.forEach((image, index) => {
      image.tabIndex = 0;
      image.setAttribute('role', 'button');
      image.dataset.galleryIndex = String(index);
      image.setAttribute(
        'aria-label',
        t('about.openImage', { number: index + 1, count: imageElements.length }),
      );
      image.style.cursor = 'zoom-in';
      // Thumbnails in a row line up at their top edge, whatever text or spacing follows each of them.
      image.style.verticalAlign = 'top';
    });

    const frames = Array.from(root.querySelectorAll('iframe'));
    frames.forEach((frame, index) => {
      if (!frame.title) frame.title = t('about.embedded', { number: index + 1 });
    });
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) {
            loadFrame(entry.target as HTMLIFrameElement);
            observer?.unobserve(entry.target);
          }
        }
      }, IFRAME_OBSERVER_OPTIONS);
      for (const frame of frames) observer.observe(frame);
    } else {
      frames.forEach(loadFrame);
    }

    const controller = new AbortController();
    const pdfMounts: PdfMount[] = [];
    for (const link of Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
      const kind = fileLinkKind(link, window.location.href);
      if (kind === null) continue;
      const href = link.getAttribute('href') ?? '';
      if (!isAllowedCourseFile(href)) {
        console.warn(`Blocked a file link outside the portal and its object storage: ${href}`);
        link.removeAttribute('href');
        continue;
      }
      const sizeLabel = insertAfter(link, 'span');
      void fetchFileSize(link.href, controller.signal).then((size) => {
        if (size !== null && !controller.signal.aborted) {
          const formatted = formatFileSize(size, locale, (count) =>
            t('about.bytes', { count, size: new Intl.NumberFormat(locale).format(count) }),
          );
          sizeLabel.textContent = ` ${t('about.fileSize', { size: formatted })}`;
        }
      });
      if (kind === 'pdf') {
        const block = link.closest('p, li, div') ?? link;
        pdfMounts.push({
          element: insertAfter(block === root ? link : block, 'div'),
          url: link.href,
          name: (link.textContent ?? '').trim() || href,
        });
      }
    }

    setTables(tableMounts);
    setPdfs(pdfMounts);
    setImages(
      imageElements.map((image) => ({ src: image.currentSrc || image.src, alt: image.alt })),
    );
    return () => {
      observer?.disconnect();
      controller.abort();
      for (const element of inserted) element.remove();
    };
  }, [safeHtml, t, locale]);

  if (!safeHtml) return null;

  const openImageFrom = (target: EventTarget) => {
    const image = (target as HTMLElement).closest<HTMLElement>('img[data-gallery-index]');
    if (!image) return false;
    galleryOpener.current = image;
    setGalleryIndex(Number(image.dataset.galleryIndex));
    return true;
  };
  const closeGallery = () => {
    setGalleryIndex(null);
    const opener = galleryOpener.current;
    // Once the dialog (and its own focus handling) has gone: back where the learner was.
    window.setTimeout(() => opener?.focus());
  };
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as HTMLElement).closest('a[href^="#"]');
    if (anchor) {
      // In-page anchors scroll without leaving the route (the router owns the history entries).
      const target = document.getElementById(
        decodeURIComponent(anchor.getAttribute('href')!.slice(1)),
      );
      if (target) {
        event.preventDefault();
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        window.history.replaceState(window.history.state, '', `#${target.id}`);
      }
      return;
    }
    if (openImageFrom(event.target)) event.preventDefault();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === 'Enter' || event.key === ' ') && openImageFrom(event.target)) {
      event.preventDefault();
    }
  };
  const togglePdf = (index: number) =>
    setOpenPdfs((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const fullScreenTable = openTable === null ? undefined : tables[openTable];

  return (
    <Stack component="section" gap="sm" aria-labelledby={`${idPrefix}-title`}>
      <Title order={2} id={`${idPrefix}-title`}>
        {t('about.title')}
      </Title>
      <Typography>
        {/* Sanitised by DOMPurify in prepareAboutHtml; clicks are delegated to images and anchors. */}
        <div
          ref={contentRef}
          className="about-content"
          dir="auto"
          onClick={onClick}
          onKeyDown={onKeyDown}
          dangerouslySetInnerHTML={{ __html: safeHtml }}
        />
      </Typography>
      {tables.map((table, index) =>
        createPortal(
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconMaximize size={14} aria-hidden="true" />}
            onClick={() => setOpenTable(index)}
          >
            {t('about.tableFullScreen')}
          </Button>,
          table.element,
          `table-${index}`,
        ),
      )}
      {pdfs.map((pdf, index) =>
        createPortal(
          <Stack gap="xs" my="xs">
            {/* "default": the light variant's hover colour leaves its blue label under AA contrast. */}
            <Button
              variant="default"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              leftSection={<IconFileTypePdf size={14} aria-hidden="true" />}
              aria-expanded={openPdfs.has(index)}
              aria-label={`${openPdfs.has(index) ? t('about.hidePdf') : t('about.viewPdf')} ${pdf.name}`}
              onClick={() => togglePdf(index)}
            >
              {openPdfs.has(index) ? t('about.hidePdf') : t('about.viewPdf')}
            </Button>
            {openPdfs.has(index) ? (
              <Suspense fallback={null}>
                <PdfViewer url={pdf.url} name={pdf.name} />
              </Suspense>
            ) : null}
          </Stack>,
          pdf.element,
          `pdf-${index}`,
        ),
      )}
      <Modal.Root
        opened={fullScreenTable !== undefined}
        onClose={() => setOpenTable(null)}
        fullScreen
      >
        <Modal.Overlay />
        <Modal.Content>
          {/* A <header> here would be a second banner landmark beside the shell's. */}
          <Modal.Header component="div">
            <Modal.Title>
              {fullScreenTable === undefined || openTable === null
                ? ''
                : fullScreenTable.caption || t('about.tableDialog', { number: openTable + 1 })}
            </Modal.Title>
            <Modal.CloseButton aria-label={t('about.close')} />
          </Modal.Header>
          <Modal.Body>
            {fullScreenTable ? (
              <Typography>
                {/* The table's HTML comes from the sanitised content above. */}
                <div
                  style={{ overflow: 'auto' }}
                  dir="auto"
                  dangerouslySetInnerHTML={{ __html: fullScreenTable.html }}
                />
              </Typography>
            ) : null}
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
      {galleryIndex !== null ? (
        <Suspense fallback={null}>
          <ImageGallery
            images={images}
            index={galleryIndex}
            onIndexChange={setGalleryIndex}
            onClose={closeGallery}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
