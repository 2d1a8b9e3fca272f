// Typed translation keys: every namespace's en-US catalogue defines the keys.
import 'i18next';
import type common from './locales/en-US/common.json';
import type shell from './locales/en-US/shell.json';
import type errors from './locales/en-US/errors.json';
import type courses from './locales/en-US/courses.json';
import type profile from './locales/en-US/profile.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      common: typeof common;
      shell: typeof shell;
      errors: typeof errors;
      courses: typeof courses;
      profile: typeof profile;
    };
  }
}
