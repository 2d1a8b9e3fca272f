// The registry of the product's commands; each one gets its POST and status routes from the engine.
import type { AppContext } from '../app-context.ts';
import { objectiveAccessCommand } from '../modules/catalog/objective-access.command.ts';
import { selfEnrollmentCommand } from '../modules/catalog/self-enrollment.command.ts';
import type { CommandDefinition } from './command-types.ts';

export function commandDefinitions(_ctx: AppContext): CommandDefinition[] {
  return [selfEnrollmentCommand(), objectiveAccessCommand()];
}
