import { useState } from 'react';
import { notifyFailure } from '@/components/feedback/notify';
import { checkFilters, type FilterErrors, type TableFilters } from '../lib/table-filters';

export interface DraftOptions {
  clients: boolean;
  domains: boolean;
  groups: boolean;
  domainCount: number | undefined;
}

/**
 * The form copy of a table's filters: edited freely, checked on Get Data ('Field is required.' per field and
 * 'Fill the form with the required fields.', or 'Invalid domain website id provided.'), then applied.
 */
export function useTableFiltersDraft(initial: () => TableFilters, apply: (f: TableFilters) => void) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FilterErrors>({});
  const submit = (o: DraftOptions, value: TableFilters = draft) => {
    const check = checkFilters(value, o);
    setErrors(check.errors);
    if (check.message) {
      notifyFailure(check.message);
      return false;
    }
    apply(value);
    return true;
  };
  return { draft, setDraft, errors, submit };
}
