// Mounted by the shell once the first page has painted (a lazy chunk): keeps the live stream open while the
// user is signed in and the portal is open.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openAnnouncementStream } from './announcement-stream.ts';

export function AnnouncementLive() {
  const queryClient = useQueryClient();
  useEffect(() => openAnnouncementStream({ queryClient }), [queryClient]);
  return null;
}
