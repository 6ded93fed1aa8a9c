/** The texts a client sees when a quota refuses a call (issue #18). */
export const QUOTA_MSG = {
  subscribers: (n: number) =>
    `This website's plan allows ${n} active subscribers and they are all taken: the subscription was not saved.`,
  websites: (n: number) => `Your plan allows ${n} websites: remove one or ask for an upgrade to add another.`,
  feature: 'Your plan does not include this feature. Ask for an upgrade on the Upgrade page.',
} as const;
