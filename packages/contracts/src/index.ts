// Public face of the contracts package.
export * from './codes.ts';
export * from './common.ts';
export * from './list-query.ts';
export * from './commands.ts';
export * from './users.ts';
export * from './settings.ts';
export * from './objectives.ts';
export * from './events.ts';
export * from './locales.ts';
export * from './timezones.ts';
export * from './profile.ts';
export * from './catalog.ts';
export * from './workflows.ts';
export * from './lti.ts';
export * from './certificates.ts';
export * from './tutor.ts';
