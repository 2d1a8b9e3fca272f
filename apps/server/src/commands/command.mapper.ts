// Turns command rows into the protocol's shapes (contracts/commands.ts).
import type { CommandErrors, CommandStatus, CompletionState, Operation } from '@portal/contracts';
import type { CommandRow } from '../db/schema.ts';
import { CommandRowState } from './command.repository.ts';

export const COMMAND_ACCEPTED_MESSAGE = 'Command accepted';

export function commandUrl(type: string, id: string): string {
  return `/api/lms/v1/${type}/${id}`;
}

export function toOperation(row: Pick<CommandRow, 'id' | 'type'>): Operation {
  return { id: row.id, url: commandUrl(row.type, row.id), message: COMMAND_ACCEPTED_MESSAGE };
}

export function toCommandStatus(row: CommandRow): CommandStatus {
  return {
    id: row.id,
    entityId: row.entityId,
    created: row.created,
    completed:
      row.state === CommandRowState.pending || row.completed === null
        ? null
        : {
            url: row.resultUrl,
            completed: row.completed,
            state: row.state as CompletionState,
            errors: row.errors === null ? null : (JSON.parse(row.errors) as CommandErrors),
          },
  };
}
