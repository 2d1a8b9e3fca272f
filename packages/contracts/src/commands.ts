// The asynchronous command protocol (DESIGN.md §5): 202 operation, status resource, completion.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

export const operationSchema = z.object({ id: idSchema, url: z.string(), message: z.string() });
export type Operation = z.infer<typeof operationSchema>;

/** `{"PropertyName": ["message"], "_": ["entity-level message"]}` */
export const commandErrorsSchema = z.record(z.string(), z.array(z.string()));
export type CommandErrors = z.infer<typeof commandErrorsSchema>;

export const completionSchema = z.object({
  url: z.string().nullable(),
  completed: isoDateTimeSchema,
  state: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  errors: commandErrorsSchema.nullable(),
});

export const commandStatusSchema = z.object({
  id: idSchema,
  entityId: z.string().nullable(),
  created: isoDateTimeSchema,
  completed: completionSchema.nullable(),
});
export type CommandStatus = z.infer<typeof commandStatusSchema>;
