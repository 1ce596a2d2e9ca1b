/**
 * English texts of the server's failure keys shown on the site-level error page. The language
 * issue moves every text into i18next message sets.
 */
const SITE_ERRORS: Record<string, { title: string; detail: string }> = {
  siteNotFound: { title: 'Site not found', detail: 'No site is set up for this address.' },
  siteInactive: { title: 'Site unavailable', detail: 'This site has been switched off by its operator.' },
  siteExpired: { title: 'Site unavailable', detail: 'This site’s licence period has ended.' },
  'Invalid theme code': { title: 'Invalid theme code', detail: 'The site’s theme code is not one the platform knows.' },
  'Invalid theme color': { title: 'Invalid theme color', detail: 'The site’s colour is not allowed for its theme.' },
  internalServerError: { title: 'Something went wrong', detail: 'The site could not be loaded. Please try again shortly.' },
  serviceUnavailable: { title: 'Service unavailable', detail: 'The site could not be loaded. Please try again shortly.' },
};

export function siteErrorText(message: string): { title: string; detail: string } {
  return SITE_ERRORS[message] ?? { title: message, detail: 'The site could not be loaded.' };
}

/**
 * English texts of the client shell: the error dialog, toasts, guards, the account area, the
 * login, sign-in and registration forms (spec §8).
 */
export const SHELL_TEXTS = {
  errorTitle: 'Something went wrong',
  unknownError: 'An unknown error occurred. Please try again.',
  invalidSession: 'Your session is no longer valid. Please log in again.',
  ok: 'OK',
  closeDialog: 'Close dialog',
  dismissToast: 'Dismiss',
  notifications: 'Notifications',
  checkingSession: 'Checking your session…',
  logIn: 'Log in',
  joinNow: 'Join now',
  logOut: 'Log out',
  account: 'Account',
  balance: 'Balance',
  tokens: 'Tokens',
  refreshBalance: 'Refresh balance',
  refreshingBalance: 'Refreshing balance…',
  loginTitle: 'Log in',
  signInTitle: 'Welcome',
  registerTitle: 'Create your account',
  accountId: 'Account ID',
  accountIdHint: '4 to 16 letters or digits',
  password: 'Password',
  passwordHint: '8 to 64 characters with a letter and a digit',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  phone: 'Mobile number',
  phoneHint: 'Digits only, 8 to 15',
  email: 'Email',
  referrerCode: 'Referral code (optional)',
  code: 'Verification code',
  codeHint: '6 digits',
  loginSubmit: 'Log in',
  loggingIn: 'Logging in…',
  withPassword: 'Log in with password',
  withCode: 'Log in with a code',
  sendCode: 'Send code',
  sendingCode: 'Sending code…',
  resendCode: 'Send a new code',
  resendIn: (seconds: number) => `New code in ${seconds} s`,
  codeSent: (phone: string) => `We sent a 6-digit code to the phone number ${phone}.`,
  codeSentToAccount: 'We sent a 6-digit code to the phone number of this account.',
  registerSubmit: 'Continue',
  verifySubmit: 'Create account',
  registering: 'Creating your account…',
  changeDetails: 'Change details',
  noAccount: 'New here?',
  createAccount: 'Create an account',
  haveAccount: 'Already have an account?',
  forgotPassword: 'Forgot password?',
  loginTab: 'Log in',
  registerTab: 'Register',
  welcomeBack: (name: string) => `Welcome back, ${name}`,
  welcomeNew: (name: string) => `Welcome, ${name}! Your account is ready.`,
  loggedOut: 'You have logged out.',
  step: (n: number, of: number) => `Step ${n} of ${of}`,
} as const;

/** English texts of the API's error keys (decisions.md §4) and of the client's own 'disconnect'. */
export const ERROR_TEXTS: Record<string, string> = {
  invalidCredentials: 'The account ID or password is not correct.',
  accountExists: 'This account ID is already taken.',
  accountNotFound: 'No account with this ID was found.',
  phoneMismatch: 'The phone number does not match this account.',
  invalidTac: 'The verification code is not correct.',
  tacExpired: 'The verification code has expired. Ask for a new one.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  BLOCK: 'This account is blocked. Please contact support.',
  CLOSE: 'This account is closed. Please contact support.',
  permissionDenied: 'You do not have permission to do this.',
  invalidPassword: 'The current password is not correct.',
  validationError: 'Some of the details are not valid.',
  insufficientBalance: 'Your balance is too low for this.',
  alreadyClaimed: 'This reward has already been claimed.',
  notClaimable: 'This reward cannot be claimed.',
  siteNotFound: 'No site is set up for this address.',
  siteInactive: 'This site is not available at the moment.',
  siteExpired: 'This site is not available at the moment.',
  underMaintenance: 'The site is under maintenance. Please come back later.',
  notFound: 'What you asked for could not be found.',
  gameNotFound: 'This game could not be found.',
  gameNotAvailable: 'This game is not available at the moment.',
  internalServerError: 'The server could not complete your request. Please try again.',
  serviceUnavailable: 'The service is not available at the moment. Please try again shortly.',
  payloadTooLarge: 'The request is too large.',
  disconnect: 'Connection lost. Check your connection and try again.',
};

/** English texts of the validation keys of the shared field rules (packages/contracts rules.ts). */
export const VALIDATION_TEXTS: Record<string, string> = {
  required: 'This field is required.',
  accountIdLength: 'Use 4 to 16 characters.',
  accountIdChars: 'Use letters and digits only.',
  passwordLength: 'Use 8 to 64 characters.',
  passwordLetter: 'Include at least one letter.',
  passwordDigit: 'Include at least one digit.',
  fullNameLength: 'Use 2 to 50 characters.',
  alphabetOnly: 'Use letters and spaces only.',
  phoneLength: 'Use 8 to 15 digits.',
  numberOnly: 'Use digits only.',
  emailLength: 'This email address is too long.',
  'Invalid email address': 'Invalid email address',
  tacFormat: 'Enter the 6 digits of the code.',
  tooLong: 'This is too long.',
  invalidType: 'This value is not valid.',
  invalidValue: 'This value is not valid.',
  invalidFormat: 'This value is not valid.',
  unknownField: 'This field is not expected.',
  sessionExpired: 'Your session has expired. Please log in again.',
};

/** The text of a field's validation key; an unknown key reads as the generic invalid-value text. */
export function validationText(key: string): string {
  return VALIDATION_TEXTS[key] ?? ERROR_TEXTS[key] ?? VALIDATION_TEXTS.invalidValue!;
}

/**
 * Spec §8: a message of letters only is a key and is translated (an unknown key reads as itself,
 * as a missing translation does); any other message is shown raw; an empty one is unknownError.
 */
export function errorMessageText(message: string | null | undefined): string {
  const text = (message ?? '').trim();
  if (!text) return SHELL_TEXTS.unknownError;
  if (/^[A-Za-z]+$/.test(text)) return ERROR_TEXTS[text] ?? text;
  return text;
}
