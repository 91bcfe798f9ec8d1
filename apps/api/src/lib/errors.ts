import { errorCatalogue, type ErrorCode } from '@shop/contract';

/** A business refusal: answered as HTTP 200 with the code and its Chinese message (ARCHITECTURE wire contract). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = errorCatalogue[code],
  ) {
    super(message);
  }
}

/** A session problem answered with an HTTP status: 401 no or unknown token, 403 expired. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 404,
    readonly code: ErrorCode,
  ) {
    super(errorCatalogue[code]);
  }
}
