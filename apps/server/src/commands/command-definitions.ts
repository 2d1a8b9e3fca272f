// The registry of the product's commands; each one gets its POST and status routes from the engine.
import type { AppContext } from '../app-context.ts';
import type { CommandDefinition } from './command-types.ts';

// No product command exists yet: self-enrolment and the workflow commands register here when they land.
export function commandDefinitions(_ctx: AppContext): CommandDefinition[] {
  return [];
}
