/**
 * The statistics clock: "today" for the date limits (min 2 months back, max today) and the end of the
 * "last 3 days" windows. Tests set `statisticsClock.now` to a fixed instant; nothing else should.
 */
export const statisticsClock: { now: () => Date } = { now: () => new Date() };
