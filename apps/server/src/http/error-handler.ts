// One place that turns thrown errors into `{code, message, errors?}` bodies; never leaks a stack.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { localize, requestLocale } from '../i18n/server-i18n.ts';
import { DomainError } from './errors.ts';

/** Zod issues as `{ "field.path": ["message"] }`; root-level issues go under "_". */
export function zodIssuesToErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof DomainError) {
      const message = error.localized
        ? localize(
            requestLocale(request.cookies?.locale, request.headers['accept-language']),
            error.localized,
          )
        : error.message;
      return reply.status(error.status).send({
        code: error.code,
        message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({
        code: 'invalid_request',
        message: 'The request is not valid.',
        errors: zodIssuesToErrors(error),
      });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'malformed_json'
          : fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'payload_too_large'
            : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'unsupported_media_type'
              : status === 429
                ? 'rate_limited'
                : 'bad_request';
      return reply.status(status).send({ code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: 'internal_error',
      message: 'Internal error. Please refresh the page and try again.',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: 'not_found',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
