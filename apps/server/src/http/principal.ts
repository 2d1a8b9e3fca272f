// The signed-in caller of a request, resolved from the session cookie by the auth module.
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from './errors.ts';

export interface Principal {
  userId: string;
  tenantId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}
