import type { LiveBus } from '../../lib/live-events.ts';

/**
 * Tells every API process (over the live events bus: NOTIFY on a PostgreSQL server) that sessions ended or that
 * users' rights changed, so that the live events streams they hold for them close at once or check again
 * (modules/exports/live-streams.ts). Sent after the change committed; a signal that cannot be sent is not the
 * caller's failure: each stream also checks its session on a short interval and at its expiry.
 */
export class SessionSignals {
  constructor(
    private readonly live: Pick<LiveBus, 'publishSessions'>,
    private readonly onError: (err: Error) => void = () => {},
  ) {}

  async ended(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.send({ ended: [...ids], changedUsers: [] });
  }

  async changed(userIds: readonly number[]): Promise<void> {
    if (userIds.length > 0) await this.send({ ended: [], changedUsers: [...userIds] });
  }

  private async send(signal: { ended: string[]; changedUsers: number[] }): Promise<void> {
    try {
      await this.live.publishSessions(signal);
    } catch (err) {
      this.onError(err as Error);
    }
  }
}
