import { DRIP_MSG, type RecurringMigrationBody, type recurringMigrationBodySchema } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { ValidationError } from '../../lib/errors.ts';
import { planSchedule } from '../delivery/scheduler.service.ts';
import { type Errors, mergeErrors, scheduleErrors } from '../drips/drip-checks.ts';
import { DripWritesRepository } from '../drips/drip-writes.repository.ts';
import { SpamRepository } from '../drips/spam.repository.ts';
import { CopyRepository } from './copy.repository.ts';
import { type CopyToolsService, copyToTarget } from './copy-tools.service.ts';

type Parsed = z.output<typeof recurringMigrationBodySchema>;

export type { RecurringMigrationBody };

/**
 * Recurring Migration (part 2 §2, §7): copies of the chosen recurring drips on the target website, each using the
 * target's audiences of the same definition, and one spam-recurring schedule there that sends them in turn to those
 * audiences. The copies' own schedules are written switched off: the spam schedule is what sends them. One
 * transaction: all or nothing.
 */
export class RecurringMigrationService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly copy: CopyToolsService,
  ) {}

  async migrate(actor: Actor, body: Parsed) {
    const clients = await this.copy.clients(actor, body.source_client_id, body.target_client_id);
    const { source, targets } = await this.copy.websites(clients, body.source_domain_id, [body.target_domain_id], {
      sameAllowed: true,
    });
    const target = targets[0]!;
    const dripIds = await this.copy.dripIds(source.id, body.drip_ids);
    const values = {
      domain_id: target.id,
      client_id: target.client_id,
      type: 'spam-recurring' as const,
      name: body.name,
      frequency: body.frequency,
      time: body.time,
      timezone: body.timezone,
      date_start: body.date_start,
      date_end: body.date_end,
      days_of_week: body.days_of_week,
      is_active: 1 as const,
    };
    const errors: Errors = {};
    mergeErrors(errors, '', scheduleErrors('recurring', values, ['spam-recurring']));
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return this.db.transaction().execute(async (trx) => {
      const sources = await new CopyRepository(trx).sources(dripIds);
      const copy = await copyToTarget(
        trx,
        target,
        sources,
        { with_recurring_groups: false, allow_duplicates: true },
        { scheduleActive: 0 },
      );
      const audiences = [...new Set(copy.audiences.flat())];
      if (audiences.length === 0) throw new ValidationError({ drip_ids: [DRIP_MSG.audiences] });
      const spam = new SpamRepository(trx);
      const scheduleId = await spam.insert(values);
      await spam.setDrips(scheduleId, copy.dripIds);
      await new DripWritesRepository(trx).setAudiences(scheduleId, audiences);
      const next = await planSchedule(trx, scheduleId);
      return {
        schedule: {
          id: scheduleId,
          ...values,
          drips: copy.dripIds,
          audiences,
          next_disp_date: next?.toISOString() ?? null,
        },
        drips: copy.dripIds,
        audiences_created: copy.result.audiences_created,
      };
    });
  }
}
