import { replyMessageText, validationText } from '../../lib/messages';

/** A field rule of the contracts (a Zod schema), seen only through what the forms use of it. */
export interface FieldRule {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** The text of the first rule a value breaks, or null when it passes (docs/product.md D5: the shared rules). */
export function ruleError(rule: FieldRule, value: string): string | null {
  const result = rule.safeParse(value);
  if (result.success) return null;
  return validationText(result.error.issues[0]?.message ?? 'invalidValue');
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Error keys that belong to one field of the form rather than to the whole form. */
const KEY_FIELDS: Record<string, string> = {
  accountExists: 'account_id',
  accountNotFound: 'account_id',
  phoneMismatch: 'contact_phone',
  invalidTac: 'tac',
  tacExpired: 'tac',
  // A deposit over a limit: the amount is what the player changes (ADR 0039).
  limitExceeded: 'amount',
  // A signup under the site's minimum age: said on the date of birth (ADR 0040).
  underAge: 'birth_date',
};

/**
 * Where a failed reply's message goes in a form: the per-field errors of validationError on their
 * fields, a field's own key on that field, anything else above the form, all translated. A form
 * about money gives the site's `currency`, in which a refusal by a limit says what is left.
 */
export function replyErrors<F extends string>(
  reply: { message: string; errors?: Record<string, string[]> },
  fields: readonly F[],
  currency = '',
): { fields: FieldErrors<F>; form: string | null } {
  const result: FieldErrors<F> = {};
  const known = (name: string): name is F => (fields as readonly string[]).includes(name);
  if (reply.errors) {
    for (const [name, keys] of Object.entries(reply.errors)) {
      if (known(name) && keys[0]) result[name] = validationText(keys[0]);
    }
    if (Object.keys(result).length) return { fields: result, form: null };
  }
  const field = KEY_FIELDS[reply.message];
  if (field && known(field)) {
    result[field] = replyMessageText(reply, undefined, undefined, currency);
    return { fields: result, form: null };
  }
  // The whole reply, not its key alone: a refusal during a time-out or self-exclusion says until when, one by a limit what is left (ADR 0039).
  return { fields: result, form: replyMessageText(reply, undefined, undefined, currency) };
}

/** The first field, in form order, that has an error. */
export function firstInvalid<F extends string>(fields: readonly F[], errors: FieldErrors<F>): F | null {
  return fields.find((name) => errors[name]) ?? null;
}
