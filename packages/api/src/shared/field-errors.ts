import type { z } from 'zod';

/** A per-field map of a Zod error: field path → message keys. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  // No prototype: a field named "constructor" or "toString" must not hit Object's own members.
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (errors[key] ??= []).push('unknownField');
      continue;
    }
    const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
    const message = issue.code === 'invalid_type' ? (issue.input === undefined ? 'required' : 'invalidType') : issue.message;
    (errors[field] ??= []).push(message);
  }
  return errors;
}
