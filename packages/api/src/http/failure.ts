import { STATUS, type ErrorKey, type FailureReply } from '@wl/contracts';

/**
 * A failure reply (docs/product.md D4): statusCode 0 and an error key, with the per-field map of
 * a validationError. A leaf module, so features below the HTTP layer can answer without
 * importing it (http/calls.ts re-exports it).
 */
export function failure(message: ErrorKey, errors?: Record<string, string[]>): FailureReply {
  return errors ? { statusCode: STATUS.failure, message, errors } : { statusCode: STATUS.failure, message };
}
