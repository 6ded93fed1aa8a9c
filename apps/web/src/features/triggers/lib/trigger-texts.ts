/** The texts and timings of the Triggered Notifications screens (spec part 1 §2, §8, §9; part 2 §2, §5). */
export const TRIGGER_TEXTS = {
  listTitle: 'Triggered Notifications',
  createButton: 'Create Trigger Notification',
  loading: 'Loading Triggered Notifications ...',
  empty: 'No Triggered Notification created.',
  noMatch: 'No Triggered Notification matches the search.',
  copyCode: 'Copy Code',
  creatorTitle: 'Trigger Creator',
  editorTitle: 'Trigger Editor',
  delayLabel: 'Fire notification after',
  notFound: 'This triggered notification was not found on this website.',
  loadError: 'The triggered notifications could not be loaded.',
  uploadFailed: 'The image could not be uploaded.',
} as const;

/** The delete dialog and its two outcomes, word for word (the spec's 'wiil' included). */
export const TRIGGER_DELETE = {
  title: 'Are you sure?',
  text: "You wiil delete this triggered notification and won't be able to restore it.",
  confirmLabel: 'Delete',
  cancelLabel: 'Cancel',
  deletedTitle: 'Deleted',
  deletedText: 'Triggered notification has been deleted!',
  cancelledTitle: 'Cancelled',
  cancelledText: 'Triggered notification is in safe :)',
} as const;

export const TRIGGER_TIMINGS = {
  /** Back to the list after a create (1.5 s) or an edit (1.6 s). */
  createRedirectMs: 1500,
  editRedirectMs: 1600,
  /** The editor's spinner shows at least this long. */
  editorSpinnerMs: 1000,
} as const;
