import { type Action, may } from '@pushdeck/contracts';
import { useAuth } from './use-auth';

/**
 * May the signed-in user make this call? The console's one rule for write controls: the same ACTIONS table the
 * server's routes declare their permission from, so a control shown here is never answered with 403.
 */
export function useCan(action: Action): boolean {
  return may(useAuth().permissions, action);
}
