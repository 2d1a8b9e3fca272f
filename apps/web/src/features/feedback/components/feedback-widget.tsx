// The feedback widget at the bottom of the shell: a button that opens the feedback form.
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessage2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from './feedback-form.tsx';

export function FeedbackWidget() {
  const { t } = useTranslation('feedback');
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Group justify="center" px="md" pt="md">
      <Button
        variant="light"
        leftSection={<IconMessage2 size={18} aria-hidden="true" />}
        onClick={open}
        aria-haspopup="dialog"
      >
        {t('open')}
      </Button>
      <FeedbackForm opened={opened} onClose={close} />
    </Group>
  );
}
