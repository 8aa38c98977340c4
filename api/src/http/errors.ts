export type ErrorDetails = Record<string, string>;

/** An error whose message is safe to show to the client. */
export class HttpError extends Error {
  readonly status: number;
  readonly details?: ErrorDetails;

  constructor(status: number, message: string, details?: ErrorDetails) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.details = details;
  }
}

export class BadRequest extends HttpError {
  constructor(message = 'Bad request', details?: ErrorDetails) {
    super(400, message, details);
  }
}

export class Unauthorized extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message = 'Conflict', details?: ErrorDetails) {
    super(409, message, details);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(message = 'Request body too large') {
    super(413, message);
  }
}

export class UnsupportedMediaType extends HttpError {
  constructor(message = 'Unsupported media type') {
    super(415, message);
  }
}

export class Unprocessable extends HttpError {
  constructor(message = 'Unprocessable entity', details?: ErrorDetails) {
    super(422, message, details);
  }
}

export class TooManyRequests extends HttpError {
  /** Sent as Retry-After when known: when the client may try again. */
  readonly retryAfterSeconds?: number;

  constructor(message = 'Too many requests', retryAfterSeconds?: number) {
    super(429, message);
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
