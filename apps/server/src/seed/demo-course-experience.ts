// Demo courses of the course experience: tree, tiles and long read, gates, optional and zero-weight parts, part constraints.
import { ActivityState, PresentationMode, ReviewPolicy } from '@portal/contracts';
import type { NewCoursePart } from './course-records.ts';
import type { DemoCourse } from './demo-courses.ts';

/** Instants relative to the seed's "now", so constraints read the same whenever the demo is seeded. */
export interface SeedTime {
  days(days: number, hours?: number): string;
  seconds(seconds: number): string;
}

/** The delay after seeding at which "Kickoff live session" opens, long enough to watch it unlock. */
export const KICKOFF_OPENS_AFTER_SECONDS = 90;

export type ExperienceCourseKey =
  | 'dataLiteracy'
  | 'teamRituals'
  | 'clearEmails'
  | 'projectKickoff'
  | 'securityAwareness'
  | 'customerEmpathy'
  | 'conductPledge';

function text(
  name: string,
  paragraphs: readonly string[],
  options: Omit<NewCoursePart, 'name' | 'content' | 'children'> = {},
): NewCoursePart {
  return {
    duration: 300,
    ...options,
    name,
    // The page shows the activity name as its heading; the content starts with the text.
    content: paragraphs.map((p) => `<p>${p}</p>`).join(''),
  };
}

/** A small illustration as an SVG data URL (no file to serve), drawn from a few shapes. */
function illustration(shapes: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">` +
    `<rect width="320" height="180" fill="#F8F9FA"/>${shapes}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Where the demo syllabus and worksheet are served from (the web app's public/demo folder). */
export const DATA_LITERACY_FILES = {
  syllabus: '/learn/demo/data-literacy-syllabus.pdf',
  worksheet: '/learn/demo/data-literacy-worksheet.csv',
} as const;

/**
 * The About page of Data Literacy Essentials shows every rich-content feature a learner can meet: headings
 * with anchors, a table that opens full screen, a gallery of images, a PDF viewer and an attachment size.
 */
const DATA_LITERACY_ABOUT = [
  '<p>This course helps you read data with a critical eye and share what you find so that others act on it. ',
  'It takes about two hours, in short steps you can fit around your work.</p>',
  '<h2>What you will learn</h2>',
  '<p>Each module builds on the one before it.</p>',
  '<table><caption>Course plan</caption>',
  '<thead><tr><th scope="col">Module</th><th scope="col">Topic</th><th scope="col">Time</th></tr></thead>',
  '<tbody><tr><td>1</td><td>Reading data</td><td>40 minutes</td></tr>',
  '<tr><td>2</td><td>Asking good questions</td><td>45 minutes</td></tr></tbody></table>',
  '<h3>Three charts to compare</h3>',
  '<p>Select a chart to see it larger.</p><p>',
  `<img src="${illustration(
    '<rect x="40" y="100" width="50" height="60" fill="#1C7ED6"/>' +
      '<rect x="120" y="60" width="50" height="100" fill="#1C7ED6"/>' +
      '<rect x="200" y="30" width="50" height="130" fill="#1C7ED6"/>',
  )}" alt="Bar chart: sales rise over three quarters" width="160" height="90"> `,
  `<img src="${illustration(
    '<polyline points="20,150 90,110 160,120 230,60 300,40" fill="none" stroke="#E8590C" stroke-width="6"/>',
  )}" alt="Line chart: daily visitors trend upwards" width="160" height="90"> `,
  `<img src="${illustration(
    '<circle cx="160" cy="90" r="70" fill="#2F9E44"/>' +
      '<path d="M160 90 L160 20 A70 70 0 0 1 230 90 Z" fill="#FAB005"/>',
  )}" alt="Pie chart: a quarter of answers were no" width="160" height="90">`,
  '</p>',
  `<p>Read the <a href="${DATA_LITERACY_FILES.syllabus}">Course syllabus</a> before you start, `,
  `and download the <a href="${DATA_LITERACY_FILES.worksheet}">Practice worksheet</a> to try the exercises.</p>`,
].join('');

export function experienceCourses(
  time: SeedTime,
): readonly (DemoCourse & { key: ExperienceCourseKey })[] {
  return [
    {
      key: 'dataLiteracy',
      name: 'Data Literacy Essentials',
      code: 'DATA-110',
      description:
        'Read tables and charts critically, ask questions data can answer and share what you find with confidence.',
      about: DATA_LITERACY_ABOUT,
      imageUrl: null,
      showcases: ['dataAi'],
      children: [
        {
          name: 'Module 1: Reading data',
          children: [
            text('What data is', [
              'Data is a record of something that happened: a sale, a click, a temperature reading.',
              'Every data set was collected by someone, for a purpose, with choices that shape what it can tell you.',
            ]),
            text('Tables and charts', [
              'Read the title, the units and the axes before the numbers.',
              'A chart that starts its axis above zero exaggerates differences: check before you compare.',
            ]),
          ],
        },
        {
          name: 'Module 2: Asking good questions',
          gate: 2,
          children: [
            text('Framing a question', [
              'A good question names who, what and when, and says what decision the answer will inform.',
            ]),
            text(
              'Further reading: bias in data',
              [
                'Survivorship, selection and measurement bias hide in most data sets.',
                'This reading is optional: it does not count towards your progress or score.',
              ],
              { optional: true },
            ),
          ],
        },
        {
          name: 'Module 3: Sharing findings',
          children: [
            text('Telling the story', [
              'Lead with the answer, then show the evidence, then the caveats.',
            ]),
            text(
              'Self-check: your data habits',
              [
                'Think of the last chart you shared. Did it have a title, units and a source?',
                'This self-check has no weight in your score.',
              ],
              { scoreWeight: 0 },
            ),
          ],
        },
      ],
    },
    {
      key: 'teamRituals',
      name: 'Team Rituals',
      code: 'TEAM-101',
      description: 'Stand-ups, retrospectives and celebrations that keep a team connected.',
      imageUrl: null,
      showcases: ['leadership'],
      presentationMode: PresentationMode.tiles,
      children: [
        text('Stand-ups that stay short', [
          'Three questions, fifteen minutes, standing up: anything longer goes to a follow-up.',
        ]),
        text('Retrospectives', [
          'What went well, what did not, what we will try next: one action per retrospective is enough.',
        ]),
        text('Celebrating wins', [
          'Name the win, name the people, say why it mattered. Small and often beats big and rare.',
        ]),
      ],
    },
    {
      key: 'clearEmails',
      name: 'Writing Clear Emails',
      code: 'COM-110',
      description: 'Short, scannable e-mails that get answered the first time.',
      imageUrl: null,
      showcases: ['languages'],
      presentationMode: PresentationMode.longRead,
      children: [
        text('Subject lines that get read', [
          'Put the topic and the ask in the subject: "Budget review: approve by Friday".',
        ]),
        text('One message, one purpose', [
          'One e-mail per decision keeps threads findable and answers unambiguous.',
        ]),
        text('Closing with a clear ask', [
          'End with who should do what by when. Then stop writing.',
        ]),
      ],
    },
    {
      key: 'projectKickoff',
      name: 'Project Kickoff Essentials',
      code: 'PM-101',
      description:
        'Prepare, run and follow up a project kickoff that aligns everyone from day one.',
      imageUrl: null,
      showcases: ['leadership'],
      children: [
        text('Preparing the kickoff', [
          'Agree the goal, the scope and the people in the room before you book the meeting.',
        ]),
        text(
          'Kickoff live session',
          ['The live session opens shortly after the course becomes available.'],
          { constraint: { startFrom: time.seconds(KICKOFF_OPENS_AFTER_SECONDS) } },
        ),
        text('After the kickoff', ['Send the notes, the decisions and the owners within a day.']),
      ],
    },
    {
      key: 'securityAwareness',
      name: 'Security Awareness Training',
      code: 'SEC-200',
      description:
        'Phishing, passwords, incidents and travel: each part has its own window, as in a real campaign.',
      imageUrl: null,
      showcases: ['compliance'],
      scale: 'passFail',
      children: [
        text(
          'Security basics',
          ['Security is everyone’s job: lock your screen, question the unexpected, report early.'],
          { constraint: { due: time.days(7), reviewPolicy: ReviewPolicy.never } },
        ),
        text('Phishing drill', ['The drill opens during the campaign week.'], {
          constraint: { startFrom: time.days(3), startUntil: time.days(10) },
        }),
        text('Password hygiene', ['Use a password manager and a different password everywhere.'], {
          constraint: { startFrom: time.days(-10), startUntil: time.days(-2) },
        }),
        text('Incident reporting', ['Report a suspected incident at once, even when unsure.'], {
          constraint: { due: time.days(-1), gracePeriodUntil: time.days(2) },
        }),
        text(
          'Clean desk policy',
          ['Nothing confidential stays on a desk or a screen when you leave it.'],
          { constraint: { due: time.days(-5), gracePeriodUntil: time.days(-2) } },
        ),
        text(
          'Travel security',
          ['Use a privacy screen and keep devices with you when travelling.'],
          { constraint: { accessibleUntil: time.days(-1) } },
        ),
        text('Secure remote work', ['Home networks, shared devices and video calls.'], {
          state: ActivityState.draft,
        }),
        text('Security champions', ['Champions help colleagues and pass on what they learn.'], {
          constraint: {
            startFrom: time.days(-7),
            startUntil: time.days(7),
            accessibleUntil: time.days(30),
          },
        }),
      ],
    },
    {
      key: 'customerEmpathy',
      name: 'Customer Empathy Lab',
      code: 'CX-120',
      description: 'Interview customers, map their journey and find the moments that matter.',
      imageUrl: null,
      showcases: [],
      children: [
        text('Listening interviews', ['Ask about the last time, not about the usual time.']),
        text('Journey mapping', ['Map what customers do, think and feel at each step.']),
      ],
    },
    {
      key: 'conductPledge',
      name: 'Code of Conduct Pledge',
      code: 'CMP-030',
      description: 'Read the code of conduct and confirm you will follow it.',
      imageUrl: null,
      showcases: ['compliance'],
      scale: 'passFail',
      children: [
        text('Our code of conduct', ['Respect, honesty and care in everything we do.']),
        text('Your pledge', ['Confirm that you have read and will follow the code.']),
      ],
    },
  ];
}
