// Model binding of a command POST: `{id?, ...payload}` checked against the definition's strict schema.
import { idSchema } from '@portal/contracts';
import type { ZodError, ZodType } from 'zod';
import { BadRequestError } from '../http/errors.ts';
import type { CommandErrors } from './command-types.ts';

export interface BoundCommand {
  id: string | undefined;
  payload: unknown;
}

/** Issues keyed by field path; an unknown field is reported under its own name, not under "_". */
export function bindingErrors(error: ZodError): CommandErrors {
  const errors: CommandErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  for (const issue of error.issues) {
    const prefix = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        add(prefix ? `${prefix}.${key}` : key, `Unknown field "${key}"`);
    } else {
      add(prefix || '_', issue.message);
    }
  }
  return errors;
}

function invalid(errors: CommandErrors): BadRequestError {
  return new BadRequestError('invalid_request', 'The request is not valid.', errors);
}

export function bindCommandBody(body: unknown, payloadSchema: ZodType): BoundCommand {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid({ _: ['The body must be a JSON object.'] });
  }
  const { id, ...rest } = body as Record<string, unknown>;
  const errors: CommandErrors = {};
  let commandId: string | undefined;
  if (id !== undefined) {
    const parsedId = idSchema.safeParse(id);
    if (parsedId.success) commandId = parsedId.data;
    else errors.id = ['The id must be a UUID.'];
  }
  const parsed = payloadSchema.safeParse(rest);
  if (!parsed.success) Object.assign(errors, bindingErrors(parsed.error));
  if (Object.keys(errors).length > 0 || !parsed.success) throw invalid(errors);
  return { id: commandId, payload: parsed.data };
}

/** JSON with object keys sorted, so that the same payload always has the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}
