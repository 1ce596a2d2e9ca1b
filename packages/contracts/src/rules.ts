import { z } from 'zod';
import { ALPHABET_ONLY, NUMBER_ONLY, normaliseDomain } from './plain-rules.js';

export * from './plain-rules.js';

/**
 * Field rules of docs/product.md D5 and §5, one definition for the client and the server.
 * Messages are error keys of the validation message set.
 */
export const accountId = z
  .string()
  .trim()
  .min(4, 'accountIdLength')
  .max(16, 'accountIdLength')
  .regex(/^[A-Za-z0-9]+$/, 'accountIdChars')
  // Case-insensitive and unique per site: stored and compared in lower case.
  .transform((value) => value.toLowerCase());

export const password = z
  .string()
  .min(8, 'passwordLength')
  .max(64, 'passwordLength')
  .regex(/\p{L}/u, 'passwordLetter')
  .regex(/[0-9]/, 'passwordDigit');

/** A password as typed at login: only bounded, so a wrong one is invalidCredentials, not validationError. */
export const loginPassword = z.string().min(1, 'required').max(64, 'passwordLength');

export const fullName = z
  .string()
  .trim()
  .min(2, 'fullNameLength')
  .max(50, 'fullNameLength')
  .regex(ALPHABET_ONLY, 'alphabetOnly');

export const contactPhone = z.string().trim().min(8, 'phoneLength').max(15, 'phoneLength').regex(NUMBER_ONLY, 'numberOnly');

export const contactEmail = z.string().trim().max(254, 'emailLength').pipe(z.email('Invalid email address'));

/**
 * A date of birth: a calendar date YYYY-MM-DD that exists, after 1900 and not in the future (the
 * site's minimum age is checked by the server, ADR 0040).
 */
export const birthDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidFormat')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01' && date.getTime() <= Date.now();
  }, 'invalidValue');

export const tac = z.string().trim().regex(/^[0-9]{6}$/, 'tacFormat');

/** A host name as the site is reached by: lower case, no port. */
export const domainName = z
  .string()
  .trim()
  .min(1, 'required')
  .max(253, 'domainLength')
  .transform((value) => normaliseDomain(value))
  .pipe(z.string().regex(/^[a-z0-9.-]+$/, 'domainChars'));

export const externalId = z.string().trim().min(1, 'required').max(64, 'externalIdLength');

/** The opaque session token sent as `auth`. */
export const authToken = z.string().min(16, 'sessionExpired').max(256, 'sessionExpired');

/** An optional free-text tracking field. */
export const trackingField = z.string().trim().max(256, 'tooLong').optional();
