// The hub opened for the fake API's course as its reader, for component tests; the query client it renders
// with, so a test can apply live events to it as the stream would.
import { useEffect } from 'react';
import { screen } from '@testing-library/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { aUser, renderWithProviders } from '../../../test/render.tsx';
import { CommunicationsHub } from '../components/communications-hub.tsx';
import { COURSE, READER } from './fake-announcements-api.ts';

let queryClient: QueryClient | undefined;

function CaptureClient() {
  const client = useQueryClient();
  useEffect(() => {
    queryClient = client;
  }, [client]);
  return null;
}

/** The query client of the hub rendered last. */
export function hubQueryClient(): QueryClient {
  if (!queryClient) throw new Error('Open the hub first');
  return queryClient;
}

/** Renders the hub open on the fake course and resolves with its dialog. */
export async function openHub(): Promise<HTMLElement> {
  await renderWithProviders(
    <>
      <CaptureClient />
      <CommunicationsHub
        opened
        onClose={() => undefined}
        objectiveId={COURSE}
        courseName="Data literacy"
      />
    </>,
    { user: aUser({ id: READER, timezone: 'UTC' }) },
  );
  return screen.findByRole('dialog');
}
