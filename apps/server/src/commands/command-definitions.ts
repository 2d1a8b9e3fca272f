// The registry of the product's commands; each one gets its POST and status routes from the engine.
import type { AppContext } from '../app-context.ts';
import { objectiveAccessCommand } from '../modules/catalog/objective-access.command.ts';
import { selfEnrollmentCommand } from '../modules/catalog/self-enrollment.command.ts';
import { finishActivityWorkflowCommand } from '../modules/workflows/finish-activity-workflow.command.ts';
import { finishObjectiveWorkflowCommand } from '../modules/workflows/finish-objective-workflow.command.ts';
import { startActivityWorkflowCommand } from '../modules/workflows/start-activity-workflow.command.ts';
import { startObjectiveWorkflowCommand } from '../modules/workflows/start-objective-workflow.command.ts';
import { submitObjectiveWorkflowCommand } from '../modules/workflows/submit-objective-workflow.command.ts';
import type { CommandDefinition } from './command-types.ts';

export function commandDefinitions(ctx: AppContext): CommandDefinition[] {
  return [
    selfEnrollmentCommand(),
    objectiveAccessCommand(),
    startObjectiveWorkflowCommand(ctx.dialect),
    startActivityWorkflowCommand(ctx.dialect),
    finishActivityWorkflowCommand(ctx.dialect),
    submitObjectiveWorkflowCommand(ctx.dialect),
    finishObjectiveWorkflowCommand(ctx.dialect),
  ];
}
