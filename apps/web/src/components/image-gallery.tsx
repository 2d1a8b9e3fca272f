// Full-screen image gallery (loaded lazily): previous/next buttons and arrow keys, "Image X of Y", Escape closes.
import { useEffect } from 'react';
import { ActionIcon, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface GalleryImage {
  src: string;
  alt: string;
}

export interface ImageGalleryProps {
  images: readonly GalleryImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

export default function ImageGallery({ images, index, onIndexChange, onClose }: ImageGalleryProps) {
  const { t } = useTranslation('courseDetails');
  const count = images.length;
  const image = images[index];
  const hasPrevious = index > 0;
  const hasNext = index < count - 1;

  // The gallery stops at the first and last image rather than wrapping round.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && index > 0) onIndexChange(index - 1);
      if (event.key === 'ArrowRight' && index < count - 1) onIndexChange(index + 1);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [count, index, onIndexChange]);

  if (!image) return null;
  const position = t('gallery.position', { index: index + 1, count });
  return (
    <Modal.Root opened onClose={onClose} fullScreen closeOnEscape>
      <Modal.Overlay />
      <Modal.Content>
        {/* A <header> here would be a second banner landmark beside the shell's. */}
        <Modal.Header component="div">
          <Modal.Title>{t('gallery.label')}</Modal.Title>
          <Modal.CloseButton aria-label={t('gallery.close')} />
        </Modal.Header>
        <Modal.Body>
          <Stack align="center" gap="md">
            <Text role="status" aria-live="polite">
              {position}
            </Text>
            <Image src={image.src} alt={image.alt} fit="contain" mah="75vh" w="auto" maw="100%" />
            <Group justify="center">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('gallery.previous')}
                disabled={!hasPrevious}
                onClick={() => onIndexChange(index - 1)}
              >
                <IconChevronLeft aria-hidden="true" />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('gallery.next')}
                disabled={!hasNext}
                onClick={() => onIndexChange(index + 1)}
              >
                <IconChevronRight aria-hidden="true" />
              </ActionIcon>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
