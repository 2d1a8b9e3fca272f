// Domain errors thrown by services; the error handler maps them to HTTP (DESIGN.md §5).
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export class BadRequestError extends DomainError {
  constructor(code: string, message: string, errors?: Record<string, string[]>) {
    super(400, code, message, errors);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Sign-in is required.') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(code = 'forbidden', message = 'You do not have permission to do this.') {
    super(403, code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(code = 'not_found', message = 'The requested resource does not exist.') {
    super(404, code, message);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string) {
    super(409, code, message);
  }
}
