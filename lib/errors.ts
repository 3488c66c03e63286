/** A field-level validation message; `field` is a dotted path such as `http.url`. */
export type FieldError = { field: string; message: string };

/** Errors that verbs throw for anything a client caused; the HTTP layer maps each to problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(
    readonly errors: FieldError[],
    detail?: string,
  ) {
    super(
      400,
      "validation_failed",
      "Validation failed",
      detail ??
        `Invalid ${errors.map((e) => e.field).join(", ")}: ${errors.map((e) => e.message).join("; ")}`,
      { errors },
    );
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError([{ field, message }]);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(detail = "Sign in first: this request needs a session.") {
    super(401, "unauthenticated", "Not signed in", detail);
  }
}

export class ForbiddenError extends AppError {
  constructor(detail = "Your role does not allow this.", code = "forbidden") {
    super(403, code, "Forbidden", detail);
  }
}

export class NotFoundError extends AppError {
  constructor(what = "resource") {
    super(404, "not_found", "Not found", `No ${what} with that id in this workspace.`);
  }
}

export class ConflictError extends AppError {
  constructor(code: string, detail: string) {
    super(409, code, "Conflict", detail);
  }
}

export class ContentRuleError extends AppError {
  constructor(code: string, detail: string) {
    super(422, code, "Content refused", detail);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    reason = "Slow down",
  ) {
    super(
      429,
      "rate_limited",
      "Too many requests",
      `${reason}; try again in ${retryAfterSeconds} s.`,
    );
  }
}
