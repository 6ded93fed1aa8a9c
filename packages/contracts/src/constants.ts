/** Business constants and timings (part 1 §9, part 2 §9). */
export const APP_VERSION = '1.84.91';

export const TIMINGS = {
  snackbarMs: 2500,
  errorPopupMs: 3500,
  warningPopupMs: 7000,
  confirmationResultMs: 1500,
  copiedSnackbarMs: 1000,
  clientChangeDebounceMs: 500,
} as const;

export const LIMITS = {
  passwordMin: 8,
  nameMax: 255,
  emailMax: 255,
  loginAttemptsPerMinute: 5,
  /** Public sign-ups (client and user registration together) per address, then all addresses together, per window. */
  signUpsPerAddress: 5,
  signUpsGlobal: 30,
  signUpWindowMinutes: 10,
  listPageSize: 10,
  bulkPageSize: 1000,
  maxPageLength: 1000,
} as const;

export const PAGE_SIZES_SMALL = [10, 25, 50] as const;
export const PAGE_SIZES_LARGE = [25, 50, 100, 200] as const;
