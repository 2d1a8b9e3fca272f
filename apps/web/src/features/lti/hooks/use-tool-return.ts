// When a tool sends the learner back (/lti-tool-callback): fresh course data, the tool's messages as toasts,
// and the course details page.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../lib/toast.ts';
import { courseDetailsPath } from '../lti-paths.ts';
import type { ToolCallback } from '../model/tool-callback.ts';

/** lti_msg as a success toast, lti_errormsg as a critical one; both plain text. */
export function showToolMessages({
  message,
  errorMessage,
}: Pick<ToolCallback, 'message' | 'errorMessage'>): void {
  if (message) showToast({ kind: 'success', message });
  if (errorMessage) showToast({ kind: 'critical', message: errorMessage });
}

/** The handler of a tool's return for the course `objectiveId` (our own id, never one from the message). */
export function useToolReturn(objectiveId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (callback: Pick<ToolCallback, 'message' | 'errorMessage'>) => {
      // Marked stale, not refetched here: the details page fetches what it shows when it mounts.
      void queryClient.invalidateQueries({ queryKey: ['lms'], refetchType: 'none' });
      showToolMessages(callback);
      void navigate(courseDetailsPath(objectiveId));
    },
    [navigate, queryClient, objectiveId],
  );
}
