// Typed translation keys: every namespace's en-US catalogue defines the keys.
import 'i18next';
import type common from './locales/en-US/common.json';
import type shell from './locales/en-US/shell.json';
import type errors from './locales/en-US/errors.json';
import type courses from './locales/en-US/courses.json';
import type courseList from './locales/en-US/courseList.json';
import type catalog from './locales/en-US/catalog.json';
import type profile from './locales/en-US/profile.json';
import type openCatalog from './locales/en-US/openCatalog.json';
import type courseDetails from './locales/en-US/courseDetails.json';
import type courseContent from './locales/en-US/courseContent.json';
import type lti from './locales/en-US/lti.json';
import type feedback from './locales/en-US/feedback.json';
import type certificates from './locales/en-US/certificates.json';
import type calendar from './locales/en-US/calendar.json';
import type dashboard from './locales/en-US/dashboard.json';
import type tutor from './locales/en-US/tutor.json';
import type communications from './locales/en-US/communications.json';
import type knowledgeQuestions from './locales/en-US/knowledgeQuestions.json';
import type teams from './locales/en-US/teams.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      common: typeof common;
      shell: typeof shell;
      errors: typeof errors;
      courses: typeof courses;
      courseList: typeof courseList;
      catalog: typeof catalog;
      profile: typeof profile;
      openCatalog: typeof openCatalog;
      courseDetails: typeof courseDetails;
      courseContent: typeof courseContent;
      lti: typeof lti;
      feedback: typeof feedback;
      certificates: typeof certificates;
      calendar: typeof calendar;
      dashboard: typeof dashboard;
      tutor: typeof tutor;
      communications: typeof communications;
      knowledgeQuestions: typeof knowledgeQuestions;
      teams: typeof teams;
    };
  }
}
