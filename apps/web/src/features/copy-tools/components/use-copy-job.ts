import { COPY_LIMITS, COPY_MSG, type CopyJob } from '@pushdeck/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { fetchJobStatus } from '../api/copy-tools-api';

/** Browser storage key of the Copy Tools 2.0 job being polled (a reload resumes polling; part 2 §4). */
export const COPY_JOB_KEY = 'pushdeck.copy2.job';

export type JobOutcome = { kind: 'completed'; job: CopyJob } | { kind: 'failed'; message: string };

/**
 * Polls a Copy Tools 2.0 job every 5 s while its id is in browser storage: 'completed' and 'failed' stop polling and
 * clear the id, as does a poll that fails (its error is reported).
 */
export function useCopyJob(onOutcome: (outcome: JobOutcome) => void) {
  const [jobId, setJobId] = useState<string | null>(() => window.localStorage.getItem(COPY_JOB_KEY));
  const [job, setJob] = useState<CopyJob | null>(null);
  const outcome = useRef(onOutcome);
  outcome.current = onOutcome;

  const stop = useCallback(() => {
    window.localStorage.removeItem(COPY_JOB_KEY);
    setJobId(null);
  }, []);

  useEffect(() => {
    if (!jobId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // a reload or a navigation away cancels the poll in flight: that is no failure, and the stored id must stay
    let leaving = false;
    const onLeave = () => {
      leaving = true;
    };
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('beforeunload', onLeave);
    const poll = async () => {
      try {
        const current = await fetchJobStatus(jobId, controller.signal);
        if (controller.signal.aborted) return;
        setJob(current);
        if (current.status === 'completed') {
          stop();
          outcome.current({ kind: 'completed', job: current });
          return;
        }
        if (current.status === 'failed') {
          stop();
          const reason = current.reason ? ` ${current.reason}` : '';
          outcome.current({ kind: 'failed', message: `${COPY_MSG.jobFailed}${reason}` });
          return;
        }
        timer = setTimeout(poll, COPY_LIMITS.pollMs);
      } catch (error) {
        if (controller.signal.aborted || leaving) return;
        stop();
        outcome.current({ kind: 'failed', message: errorMessage(error, 'Error') });
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('beforeunload', onLeave);
    };
  }, [jobId, stop]);

  const start = useCallback((id: string) => {
    window.localStorage.setItem(COPY_JOB_KEY, id);
    setJob(null);
    setJobId(id);
  }, []);

  return { jobId, job, polling: jobId !== null, start };
}
