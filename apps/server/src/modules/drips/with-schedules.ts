import type { DripSchedulesRepository, ScheduleWithRelations } from './drip-schedules.repository.ts';
import type { DripRecord } from './drips.repository.ts';

/** Rows with their `schedules` (each with `audiences` when asked), as `with[schedules(.audiences)]=*` reads them. */
export async function withSchedules<T extends Partial<DripRecord>>(
  schedules: DripSchedulesRepository,
  rows: T[],
  withAudiences: boolean,
): Promise<(T & { schedules: ScheduleWithRelations[] })[]> {
  const map = await schedules.ofDrips(
    rows.map((r) => r.id).filter((id): id is number => id !== undefined),
    withAudiences,
  );
  return rows.map((r) => ({ ...r, schedules: map.get(r.id ?? 0) ?? [] }));
}
