import { COPY_MSG } from '@pushdeck/contracts';

export type CopyType = 'recurring' | 'welcome' | 'audiences';

export interface CopyChoice {
  migration: boolean;
  sourceDomain: number | null;
  targets: number;
  types: ReadonlySet<CopyType>;
  /** How many items each chosen type has selected. */
  chosen: Readonly<Record<CopyType, number>>;
  clientsChosen: boolean;
}

/**
 * The warning a copy or migration shows before it starts, in the spec's order (part 2 §5: Recurring Migration's
 * wording ends 'to migrate to!'); null when it may start.
 */
export function copyWarning(c: CopyChoice): string | null {
  if (c.sourceDomain === null) return COPY_MSG.selectSource;
  if (c.types.size > 0 && c.targets === 0)
    return c.migration ? COPY_MSG.selectSourceAndMigrationTarget : COPY_MSG.selectSourceAndTargets;
  if (c.types.size === 0 || [...c.types].some((t) => c.chosen[t] === 0)) return COPY_MSG.selectItems;
  if (!c.clientsChosen) return COPY_MSG.selectClient;
  return null;
}
