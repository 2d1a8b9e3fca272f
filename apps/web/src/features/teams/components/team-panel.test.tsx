// The team panel's states against a stubbed server (docs/decisions/0029): not in a team (instructor-formed or
// joinable), the participants table (sortable headers with aria-sort, paging past 10), the shared draft with
// its conflict message, submitting for the team through the confirmation dialog, and the graded result.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { ActivityTeam, GroupActivityWorkflow, TeamParticipant } from '@portal/contracts';
import { renderListPage } from '../../../components/course-list/testing/render-list-page.tsx';
import TeamPanel from './team-panel.tsx';
import { TEAM_REFRESH_MS, teamRefreshInterval } from './team-work.tsx';

const WORKFLOW = '00000000-0000-4000-8000-00000000b001';
const AGGREGATE = '00000000-0000-4000-8000-00000000b002';
const TEAM = '00000000-0000-4000-8000-00000000b003';
const GROUP = '00000000-0000-4000-8000-00000000b004';
const OTHER_TEAM = '00000000-0000-4000-8000-00000000b005';
const AXIS = '00000000-0000-4000-8000-00000000b006';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const member = (i: number): TeamParticipant => ({
  id: `00000000-0000-4000-8000-0000000c${String(i).padStart(4, '0')}`,
  firstName: `First${String(i).padStart(2, '0')}`,
  middleName: i === 1 ? 'Stewart' : null,
  lastName: `Last${String(i).padStart(2, '0')}`,
  email: `m${i}@example.com`,
  primaryUnit: i % 2 === 0 ? 'Research' : null,
});

interface ServerState {
  team: ActivityTeam;
  members: TeamParticipant[];
  group: GroupActivityWorkflow;
  /** Answer the next PUT with this conflict code instead. */
  conflict?: string;
}

function aGroup(overrides: Partial<GroupActivityWorkflow> = {}): GroupActivityWorkflow {
  return {
    id: GROUP,
    teamId: TEAM,
    teamName: 'Team Orbit',
    activityId: AXIS,
    state: 1,
    submission: '',
    lastEditedByName: null,
    lastEdited: null,
    submittedByName: null,
    submitted: null,
    score: null,
    maxScore: null,
    feedback: null,
    graded: null,
    resultHidden: false,
    version: 0,
    ...overrides,
  };
}

function inTeam(overrides: Partial<ActivityTeam> = {}): ActivityTeam {
  return {
    teamMode: 1,
    teamMaxSize: null,
    objectiveWorkflowAggregateId: AGGREGATE,
    team: { id: TEAM, name: 'Team Orbit', memberCount: 3 },
    groupActivityWorkflowId: GROUP,
    joinableTeams: [],
    ...overrides,
  };
}

function stubServer(state: ServerState) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const url = new URL(input, 'http://localhost');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url: url.pathname + url.search, body });
      if (url.pathname.endsWith('/team')) return json(state.team);
      if (url.pathname.endsWith('/team-membership') && method === 'POST') {
        state.team = inTeam({ teamMode: 2 });
        return json(state.team);
      }
      if (url.pathname.endsWith('/participants/query')) {
        const [sort] = JSON.parse(url.searchParams.get('sort') ?? '[]') as {
          selector: keyof TeamParticipant;
          desc: boolean;
        }[];
        const sorted = [...state.members].sort((a, b) =>
          String(a[sort!.selector] ?? '').localeCompare(String(b[sort!.selector] ?? '')),
        );
        if (sort!.desc) sorted.reverse();
        const skip = Number(url.searchParams.get('skip') ?? 0);
        const take = Number(url.searchParams.get('take') ?? 100);
        return json({
          data: sorted.slice(skip, skip + take),
          totalCount: sorted.length,
          groupCount: -1,
          summary: null,
        });
      }
      if (url.pathname.endsWith('/submit')) {
        state.group = aGroup({
          ...state.group,
          state: 2,
          submittedByName: 'Mae Jemison',
          submitted: '2026-03-15T12:00:00.000Z',
          version: state.group.version + 1,
        });
        return json(state.group);
      }
      if (url.pathname.includes('/group-activity-workflows/') && method === 'PUT') {
        if (state.conflict)
          return json({ code: state.conflict, message: 'A teammate saved the work.' }, 409);
        const { submission } = body as { submission: string };
        state.group = aGroup({
          ...state.group,
          submission,
          lastEditedByName: 'Mae Jemison',
          lastEdited: '2026-03-15T11:00:00.000Z',
          version: state.group.version + 1,
        });
        return json(state.group);
      }
      if (url.pathname.includes('/group-activity-workflows/')) return json(state.group);
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
  return calls;
}

const open = () =>
  renderListPage(
    <TeamPanel objectiveWorkflowId={WORKFLOW} axis={AXIS} onProgressChanged={() => {}} />,
    { path: '/c', url: '/c', namespaces: ['teams'] },
  );

describe('TeamPanel', () => {
  it('tells a learner outside any team that the instructor forms the teams', async () => {
    stubServer({
      team: inTeam({ team: null, groupActivityWorkflowId: null }),
      members: [],
      group: aGroup(),
    });
    await open();
    expect(
      await screen.findByText(
        'You have not been added to a team yet. Your instructor forms the teams.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists teams with free places when learners may join, and joins one', async () => {
    const calls = stubServer({
      team: inTeam({
        teamMode: 2,
        teamMaxSize: 4,
        team: null,
        groupActivityWorkflowId: null,
        joinableTeams: [
          { id: TEAM, name: 'Team Orbit', memberCount: 2 },
          { id: OTHER_TEAM, name: 'Team Nova', memberCount: 3 },
        ],
      }),
      members: [member(1)],
      group: aGroup(),
    });
    await open();
    expect(await screen.findByText('Members: 3 of 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join Team Orbit' }));
    const heading = await screen.findByRole('heading', { name: 'Your team: Team Orbit' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ teamId: TEAM });
  });

  it('shows the team members with sortable headers and pages past ten', async () => {
    const calls = stubServer({
      team: inTeam(),
      members: Array.from({ length: 12 }, (_, i) => member(i + 1)),
      group: aGroup(),
    });
    await open();
    expect(await screen.findByRole('heading', { name: 'Your team: Team Orbit' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Team members' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'First name',
      'Middle name',
      'Last name',
      'E-mail',
      'Primary unit',
    ]);
    expect(headers[2]!.getAttribute('aria-sort')).toBe('ascending');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Last01');
    expect(within(table).getByText('Stewart')).toBeTruthy();

    fireEvent.click(within(headers[2]!).getByRole('button', { name: 'Last name' }));
    await waitFor(() => expect(headers[2]!.getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Last12'),
    );

    const pages = screen.getByRole('navigation', { name: 'Pages of team members' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const last = calls.filter((c) => c.url.includes('participants/query')).at(-1)!;
    expect(new URLSearchParams(last.url.split('?')[1]).get('skip')).toBe('10');
  });

  it('saves the draft, says when a teammate saved first, and submits for the team after confirming', async () => {
    const state: ServerState = {
      team: inTeam(),
      members: [member(1)],
      group: aGroup(),
    };
    const calls = stubServer(state);
    await open();
    const editor = await screen.findByRole('textbox', { name: "Your team's draft" });
    expect(screen.getByText('Nobody has saved the draft yet.')).toBeTruthy();
    fireEvent.change(editor, { target: { value: 'Three findings about bike counts.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Last edited by/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      submission: 'Three findings about bike counts.',
      version: 0,
    });

    state.conflict = 'team_draft_conflict';
    fireEvent.change(editor, { target: { value: 'My overwrite' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/A teammate saved the work after you opened it/)).toBeTruthy();
    state.conflict = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() =>
      expect((editor as HTMLTextAreaElement).value).toBe('Three findings about bike counts.'),
    );

    const trigger = screen.getByRole('button', { name: 'Submit for the team' });
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Submit for the whole team?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/submit'))).toBe(false);

    fireEvent.click(trigger);
    const again = await screen.findByRole('dialog', { name: 'Submit for the whole team?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Submit' }));
    const note = await screen.findByTestId('team-submitted-note');
    expect(note.textContent).toMatch(/^Submitted by Mae Jemison on /);
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Three findings about bike counts.')).toBeTruthy();
    expect(screen.getByText('Your instructor has not graded the work yet.')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/submit'))?.body).toEqual({ version: 1 });
  });

  it("shows the team's score and feedback once graded", async () => {
    stubServer({
      team: inTeam(),
      members: [member(1)],
      group: aGroup({
        state: 6,
        submission: 'Final report',
        submittedByName: 'Guion Stewart Bluford',
        submitted: '2026-03-14T10:00:00.000Z',
        score: 8,
        maxScore: 10,
        feedback: 'Clear charts.',
        graded: '2026-03-15T10:00:00.000Z',
        version: 3,
      }),
    });
    await open();
    expect(await screen.findByText('Team score: 8 of 10')).toBeTruthy();
    expect(screen.getByText('Clear charts.')).toBeTruthy();
    expect(screen.getByTestId('team-submitted-note').textContent).toMatch(
      /Submitted by Guion Stewart Bluford on/,
    );
  });

  it('says the work is graded without a score while the enrolment withholds grades', async () => {
    stubServer({
      team: inTeam(),
      members: [member(1)],
      group: aGroup({
        state: 6,
        submission: 'Final report',
        submittedByName: 'Mae Jemison',
        submitted: '2026-03-14T10:00:00.000Z',
        graded: '2026-03-15T10:00:00.000Z',
        resultHidden: true,
        version: 3,
      }),
    });
    await open();
    expect(
      await screen.findByText(
        "Your team's work has been graded. You will see the result when your course's grade is revealed.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Team score/)).toBeNull();
  });
});

describe('teamRefreshInterval', () => {
  it('refreshes while the work is open or waiting for its grade, never under unsaved edits or once graded', () => {
    expect(teamRefreshInterval(1, false)).toBe(TEAM_REFRESH_MS);
    expect(teamRefreshInterval(2, false)).toBe(TEAM_REFRESH_MS);
    expect(teamRefreshInterval(1, true)).toBe(false);
    expect(teamRefreshInterval(6, false)).toBe(false);
    expect(teamRefreshInterval(undefined, false)).toBe(false);
  });
});
