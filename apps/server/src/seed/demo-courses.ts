// The demo catalogue: realistic courses with plain-text descriptions, text parts in HTML and inline SVG covers.
import { ActivityState } from '@portal/contracts';
import type { NewCoursePart } from './course-records.ts';

export type DemoShowcaseKey = 'dataAi' | 'leadership' | 'compliance' | 'languages';

export interface DemoCourse {
  key: string;
  name: string;
  code: string;
  description: string;
  /** Rich "About" HTML; without it the About section repeats the description. */
  about?: string;
  imageUrl: string | null;
  showcases: readonly DemoShowcaseKey[];
  scale?: 'aToF' | 'passFail';
  state?: number;
  tiles?: boolean;
  /** Presentation of the root activity; wins over `tiles`. */
  presentationMode?: number;
  /** Listed in the public open catalog (a draft or archived course stays hidden even so). */
  openCatalog?: boolean;
  children: readonly NewCoursePart[];
}

/** A small cover as an SVG data URL: no external request, no file to serve. */
function cover(from: string, to: string, label: string): string {
  const svg =
    // Cards crop the cover to a wide band around its middle, so the label sits at mid-height.
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="320" height="180" fill="url(#g)"/>` +
    `<text x="24" y="100" font-family="sans-serif" font-size="28" font-weight="700" fill="#ffffff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function parts(...titles: string[]): DemoCourse['children'] {
  return titles.map((title, index) => ({
    name: title,
    duration: 600 + index * 300,
    // The page shows the activity name as its heading; the content starts with the text.
    content: `<p>This part covers ${title.toLowerCase()}. Read it through, then try the short exercise at the end.</p><ul><li>Key idea one</li><li>Key idea two</li></ul>`,
  }));
}

const courses = [
  {
    key: 'introMl',
    openCatalog: true,
    name: 'Introduction to Machine Learning',
    code: 'ML-101',
    description:
      'Supervised and unsupervised learning, model evaluation and the most common algorithms, explained without heavy maths.',
    imageUrl: cover('#1864AB', '#4DABF7', 'ML-101'),
    showcases: ['dataAi'],
    children: parts(
      'What is machine learning?',
      'Regression and classification',
      'Evaluating models',
      'Clustering',
    ),
  },
  {
    key: 'pythonData',
    openCatalog: true,
    name: 'Python for Data Analysis',
    code: 'PY-201',
    description:
      'Load, clean and explore data with Python and pandas, then present your findings in clear charts.',
    imageUrl: cover('#2B8A3E', '#8CE99A', 'PY-201'),
    showcases: ['dataAi'],
    tiles: true,
    children: parts(
      'Setting up',
      'DataFrames',
      'Cleaning data',
      'Grouping and joining',
      'Charts that tell a story',
    ),
  },
  {
    key: 'responsibleAi',
    name: 'Responsible AI',
    code: 'AI-310',
    description:
      'Fairness, transparency and privacy in AI systems, with case studies from real deployments.',
    imageUrl: null,
    showcases: ['dataAi', 'compliance'],
    children: parts('Why responsibility matters', 'Bias and fairness', 'Explainability'),
  },
  {
    key: 'hybridTeams',
    name: 'Leading Hybrid Teams',
    code: 'LEAD-110',
    description:
      'Build trust, rhythm and clear goals in a team that works partly remote and partly on site.',
    imageUrl: cover('#5F3DC4', '#B197FC', 'LEAD-110'),
    showcases: ['leadership'],
    children: parts('Team agreements', 'Meetings that work', 'One-to-ones at a distance'),
  },
  {
    key: 'feedback',
    name: 'Giving Feedback That Works',
    code: 'LEAD-120',
    description: 'Prepare and deliver feedback that is specific, kind and acted upon.',
    imageUrl: null,
    showcases: ['leadership'],
    tiles: true,
    children: parts('The feedback mindset', 'Situation, behaviour, impact', 'Receiving feedback'),
  },
  {
    key: 'workplaceSafety',
    name: 'Workplace Safety Essentials',
    code: 'CMP-001',
    description:
      'Fire safety, first aid and reporting hazards: the essentials every employee must know.',
    imageUrl: cover('#C92A2A', '#FFA8A8', 'CMP-001'),
    showcases: ['compliance'],
    scale: 'passFail',
    children: parts('Fire safety', 'First aid basics', 'Reporting hazards'),
  },
  {
    key: 'dataProtection',
    name: 'Data Protection and GDPR',
    code: 'CMP-010',
    description:
      'Personal data, lawful processing, data subject rights and what to do after a breach.',
    imageUrl: null,
    showcases: ['compliance'],
    scale: 'passFail',
    children: parts('Personal data', 'Lawful processing', 'Handling a breach'),
  },
  {
    key: 'antiBribery',
    name: 'Anti-Bribery and Corruption',
    code: 'CMP-020',
    description: 'Recognise bribery, gifts and conflicts of interest, and know how to speak up.',
    imageUrl: cover('#495057', '#ADB5BD', 'CMP-020'),
    showcases: ['compliance'],
    scale: 'passFail',
    children: parts('What counts as a bribe', 'Gifts and hospitality', 'Speaking up'),
  },
  {
    key: 'businessSpanish',
    openCatalog: true,
    name: 'Business Spanish A2',
    code: 'LANG-ES2',
    description: 'Everyday Spanish for meetings, e-mails and phone calls at A2 level.',
    imageUrl: cover('#E67700', '#FFD43B', 'ES A2'),
    showcases: ['languages'],
    children: parts('Introductions', 'Meetings', 'E-mails and calls'),
  },
  {
    key: 'englishPresentations',
    name: 'English for Presentations',
    code: 'LANG-EN3',
    description: 'Structure, signposting and confident delivery of presentations in English.',
    imageUrl: null,
    showcases: ['languages'],
    children: parts('Opening strongly', 'Signposting', 'Handling questions'),
  },
  {
    key: 'timeManagement',
    name: 'Time Management Fundamentals',
    code: 'PROD-101',
    description: 'Prioritise, plan your week and protect time for focused work.',
    imageUrl: null,
    showcases: [],
    children: parts('Priorities', 'Planning a week', 'Deep work'),
  },
  {
    key: 'excelTips',
    openCatalog: true,
    name: 'Excel Power Tips',
    code: 'PROD-140',
    description: 'Lookups, pivot tables and shortcuts that save an hour a week.',
    imageUrl: cover('#087F5B', '#63E6BE', 'PROD-140'),
    showcases: [],
    tiles: true,
    children: parts('Shortcuts', 'Lookups', 'Pivot tables', 'Charts'),
  },
  {
    key: 'cloudBasics',
    openCatalog: true,
    name: 'Cloud Architecture Basics',
    code: 'CLD-101',
    description: 'Compute, storage and networking building blocks of the cloud. Coming soon.',
    imageUrl: null,
    showcases: ['dataAi'],
    state: ActivityState.draft,
    children: parts('Compute', 'Storage', 'Networking'),
  },
  {
    key: 'legacyOnboarding',
    name: 'Onboarding 2019 (retired)',
    code: 'ONB-2019',
    description: 'The former onboarding programme, kept for records only.',
    imageUrl: null,
    showcases: [],
    state: ActivityState.archived,
    children: parts('Welcome'),
  },
  {
    key: 'publicSpeaking',
    openCatalog: true,
    name: 'Public Speaking',
    code: 'COM-105',
    description: 'Calm nerves, structure a talk and hold an audience.',
    imageUrl: cover('#A61E4D', '#F783AC', 'COM-105'),
    showcases: ['languages'],
    children: parts('Preparing', 'Delivering', 'Practising'),
  },
  {
    key: 'designThinking',
    openCatalog: true,
    name: 'Design Thinking',
    code: 'INN-101',
    description: 'Empathise, define, ideate, prototype and test: a practical introduction.',
    imageUrl: null,
    showcases: [],
    children: parts('Empathise', 'Define', 'Ideate', 'Prototype and test'),
  },
  {
    key: 'negotiation',
    name: 'Negotiation Skills',
    code: 'BUS-220',
    description: 'Prepare your position, find shared interests and close agreements that last.',
    imageUrl: null,
    showcases: ['leadership'],
    children: parts('Preparation', 'Interests over positions', 'Closing'),
  },
] as const satisfies readonly DemoCourse[];

export type DemoCourseKey = (typeof courses)[number]['key'];

export const demoCourses: readonly (DemoCourse & { key: DemoCourseKey })[] = courses;
