/** User-facing texts fixed by the spec (part 1 §5, §8; part 2 §5, §8). One place, used by server and SPA. */
export const MSG = {
  required: 'Required.',
  fillRequired: 'Fill the required fields out!',
  fillRequiredClient: 'Fill the required fields!',
  invalidEmail: 'Invalid e-mail.',
  passwordMin: 'The password must be at least 8 characters.',
  passwordConfirm: 'The password confirmation does not match.',
  success: 'Success!',
  error: 'Error!',
  successfully: 'Successfully!',
  oops: 'Oops...',
  areYouSure: 'Are you sure?',
  copied: 'Copied!',
  copiedSuccessfully: 'Copied Successfully!',
  selectClient: 'Select a client!',
  noDataToDownload: 'No data to download!',
  exportStarted: 'It can take up to 15 minutes.',
  fieldRequired: 'Field is required.',
  // links a notification carries (link.ts)
  httpsLink: 'Must be an https:// link.',
  httpLink: 'Must be an http(s):// link.',
  /** Any text of a request (body, query, path) with a NUL character or an unpaired UTF-16 surrogate. */
  invalidText: 'Must not contain NUL characters or unpaired surrogates.',
  invalidId: 'Must be an id: a whole number from 1 to 2147483647.',
  malformedMultipart: 'The multipart/form-data body is malformed.',
  // route guards: a guard that refuses says so on arrival (issue #19)
  guardNoAccess: (page: string) => `You do not have access to ${page}, so you were taken to your dashboard.`,
  guardModerationOnly:
    "The Moderation Dashboard is for staff acting as a client's user, so you were taken to your dashboard.",
  guardSignIn: 'Sign in to open that page.',
  guardSessionEnded: 'Your session has ended. Sign in again.',
  guardSignedIn: 'You are already signed in.',
  // auth
  invalidCredentials: 'These credentials do not match our records.',
  tooManyAttempts: 'Too many login attempts. Please try again in :seconds seconds.',
  tooManySignUps: 'Too many sign-up attempts. Please try again in :seconds seconds.',
  accountInactive: 'This account is inactive.',
  /** Users Management switched the account off (a sign-up never activated is told accountAwaitingActivation). */
  accountDeactivated: 'This account has been deactivated. Contact an administrator to have it activated again.',
  // A registered user is told what happens next, then and at login; staff activate them (PUT /management/users/{id}).
  registeredAwaitingActivation:
    'Your account was created and is waiting for an administrator to activate it. You will be able to sign in once it is active.',
  accountAwaitingActivation:
    'This account is waiting for an administrator to activate it. You will be able to sign in once it is active.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  csrfMismatch: 'CSRF token mismatch.',
  emailTaken: 'The email has already been taken.',
  oldPasswordWrong: 'The old password is incorrect.',
  passwordChanged: 'Password has been changed.',
  clientNotFound: 'Client not found.',
  notYourClient: 'You may not act for another client.',
  userNotFound: 'User not found.',
  staffNotImpersonable: 'Staff accounts cannot be impersonated.',
} as const;
