// One announcement (a `MessageItem` with the announcement requests and texts): plain text, edited in place or
// deleted after confirming by its author; every reader may react to it.
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@portal/contracts';
import { deleteAnnouncement, editAnnouncement } from '../api/announcements-api.ts';
import { MessageItem } from './message-item.tsx';
import { MessageReactions } from './message-reactions.tsx';

export function AnnouncementItem({
  objectiveId,
  message,
  own,
}: {
  objectiveId: string;
  message: Announcement;
  own: boolean;
}) {
  const { t } = useTranslation('communications');
  return (
    <MessageItem
      message={message}
      own={own}
      texts={{
        deleted: t('deleted'),
        deleteConfirm: t('deleteConfirm'),
        deletedDone: t('deletedDone'),
        editedDone: t('editedDone'),
        editLabel: t('editLabel'),
      }}
      edit={(text) => editAnnouncement(objectiveId, message.id, text)}
      remove={() => deleteAnnouncement(objectiveId, message.id)}
      extra={<MessageReactions message={message} />}
    />
  );
}
