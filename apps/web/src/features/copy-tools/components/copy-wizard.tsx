import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { COPY_LIMITS, COPY_MSG, TIMINGS } from '@pushdeck/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { type CopyClient, migrateRecurring, type RecurringFilter, startCopy2 } from '../api/copy-tools-api';
import { copyWarning } from '../lib/copy-warnings';
import { CopyRefused, copyFirstVersion } from '../lib/first-version-copy';
import { DomainStep } from './domain-step';
import { DripSteps } from './drip-steps';
import {
  SpamScheduleDialog,
  type SpamScheduleErrors,
  type SpamScheduleValues,
  spamScheduleErrors,
} from './spam-schedule-dialog';
import { TypesStep } from './types-step';
import { type JobOutcome, useCopyJob } from './use-copy-job';
import { type CopyType, useCopySources } from './use-copy-sources';

export type CopyMode = 'copy' | 'copy2' | 'migration';

const TITLES: Record<CopyMode, string> = {
  copy: 'Copy Tools',
  copy2: 'Copy Tools 2.0',
  migration: 'Recurring Migration',
};

/** What a failed copy says: the server's message (it names the drip and the field that stopped it), or ours. */
const failureText = (error: unknown) => (error instanceof CopyRefused ? error.message : errorMessage(error, 'Error'));

function warn(message: string) {
  notifications.show({
    message,
    color: 'yellow',
    icon: <IconAlertTriangle size={18} aria-hidden />,
    autoClose: TIMINGS.warningPopupMs,
  });
}

/**
 * The stepped wizard of Copy Tools, Copy Tools 2.0 and Recurring Migration (part 2 §2): 1 source website, 2 targets,
 * 3 types, 4.1–4.3 the items; then 'Apply copy settings' (or 'Create Schedule' for the migration).
 */
export function CopyWizard({ mode }: { mode: CopyMode }) {
  const queryClient = useQueryClient();
  const [sourceDomain, setSourceDomain] = useState<number | null>(null);
  const [targets, setTargets] = useState<Set<number>>(new Set());
  const [types, setTypes] = useState<Set<CopyType>>(new Set());
  const [withGroups, setWithGroups] = useState(false);
  const [duplicates, setDuplicates] = useState(false);
  const [report, setReport] = useState<string | null>(null);
  // default relation Recurring, default status active (part 2 §9); no audience or send-time filter
  const [filter, setFilter] = useState<RecurringFilter>({
    relation: 'recurring',
    active: 1,
    audiences: [],
    time: null,
  });
  const [chosenRecurring, setChosenRecurring] = useState<Set<number>>(new Set());
  const [chosenWelcome, setChosenWelcome] = useState<Set<number>>(new Set());
  const [chosenAudiences, setChosenAudiences] = useState<Set<number>>(new Set());
  const [urls, setUrls] = useState<Map<number, string>>(new Map());
  const [processing, setProcessing] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dialogErrors, setDialogErrors] = useState<SpamScheduleErrors | undefined>(undefined);
  const src = useCopySources({ sourceDomain, types, filter });

  // a failure message clears after 1 s (part 2 §4)
  useEffect(() => {
    if (!failure) return;
    notifyFailure(failure);
    const timer = setTimeout(() => setFailure(null), COPY_LIMITS.errorClearMs);
    return () => clearTimeout(timer);
  }, [failure]);

  const clearSelection = () => {
    setChosenRecurring(new Set());
    setChosenWelcome(new Set());
    setChosenAudiences(new Set());
    setUrls(new Map());
    setTargets(new Set());
  };
  const succeeded = () =>
    setTimeout(() => {
      clearSelection();
      notifySuccess(COPY_MSG.copied);
      void queryClient.invalidateQueries({ queryKey: ['copy-tools'] });
    }, COPY_LIMITS.successDelayMs);

  const job = useCopyJob((outcome: JobOutcome) => {
    if (outcome.kind === 'completed') {
      const lines = outcome.job.targets.map(
        (t) => `${t.url ?? urlOf(t.domain_id)}: ${t.created} copied, ${t.existing} copied before`,
      );
      setReport(lines.length > 0 ? lines.join('; ') : null);
      succeeded();
    } else setFailure(outcome.message);
  });

  const urlOf = (id: number) => src.targetDomains.data?.find((d) => d.id === id)?.url ?? `Website ${id}`;
  const offered: CopyType[] = mode === 'copy' ? ['recurring', 'welcome', 'audiences'] : ['recurring'];
  const migration = mode === 'migration';
  const clientPicker = (label: string, value: CopyClient | null, onChange: (c: CopyClient | null) => void) =>
    src.moder && (
      <Select
        label={label}
        placeholder="Select a Client"
        searchable
        data={(src.clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={value ? String(value.id) : null}
        onChange={(v) => onChange(src.clients.data?.find((c) => String(c.id) === v) ?? null)}
        w={{ base: '100%', sm: 320 }}
      />
    );

  const chosenFor: Record<CopyType, Set<number>> = {
    recurring: chosenRecurring,
    welcome: chosenWelcome,
    audiences: chosenAudiences,
  };
  /** The spec's warnings, in its order; null when the copy may start. */
  const problem = () =>
    copyWarning({
      migration,
      sourceDomain,
      targets: targets.size,
      types,
      chosen: { recurring: chosenRecurring.size, welcome: chosenWelcome.size, audiences: chosenAudiences.size },
      clientsChosen: src.clientsChosen,
    });

  const apply = async () => {
    const warning = problem();
    if (warning) return warn(warning);
    setProcessing(true);
    try {
      if (mode === 'copy') {
        await copyFirstVersion({
          source: { domainId: sourceDomain!, clientUid: src.sourceUid },
          targets: [...targets],
          targetClientUid: src.targetUid,
          recurring: (src.recurring.data ?? []).filter((d) => d.id !== undefined && chosenRecurring.has(d.id)),
          welcome: types.has('welcome')
            ? (src.welcome.data ?? []).filter((d) => d.id !== undefined && chosenWelcome.has(d.id))
            : [],
          audiences: types.has('audiences') ? (src.audiences.data ?? []).filter((a) => chosenAudiences.has(a.id)) : [],
          urls,
        });
        succeeded();
      } else {
        const started = await startCopy2({
          sourceClientId: src.moder ? src.sourceClient!.id : src.ownClientId!,
          targetClientId: src.moder ? src.targetClient!.id : src.ownClientId!,
          sourceDomainId: sourceDomain!,
          targetDomainIds: [...targets],
          // the ids listed: `*` would also take the drips the status and relation filters hide
          dripIds: [...chosenRecurring],
          withGroups,
          allowDuplicates: duplicates,
        });
        job.start(started.job_id);
      }
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setProcessing(false);
    }
  };

  const migrate = async (v: SpamScheduleValues) => {
    if (chosenRecurring.size === 0) return warn(COPY_MSG.emptyDrips);
    const warning = problem();
    if (warning) return warn(warning);
    setProcessing(true);
    try {
      await migrateRecurring({
        sourceClientId: src.moder ? src.sourceClient?.id : undefined,
        targetClientId: src.moder ? src.targetClient?.id : undefined,
        sourceDomainId: sourceDomain!,
        targetDomainId: [...targets][0]!,
        dripIds: [...chosenRecurring],
        name: v.name,
        time: v.time,
        dateStart: `${v.dateStart} ${v.timeStart}`,
        dateEnd: `${v.dateEnd} ${v.timeEnd}`,
        daysOfWeek: v.daysOfWeek,
        frequency: v.frequency,
        timezone: v.timezone,
      });
      setDialog(false);
      succeeded();
    } catch (error) {
      // a refused dialog field is marked there (the dialog stays open); the message names what stopped it
      if (isApiRequestError(error)) setDialogErrors(spamScheduleErrors(error.errors));
      setFailure(failureText(error));
    } finally {
      setProcessing(false);
    }
  };

  const busy = processing || job.polling;
  const canMigrate = sourceDomain !== null && targets.size > 0 && chosenRecurring.size > 0 && types.has('recurring');

  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Dashboard', to: '/dashboard' }, { label: TITLES[mode] }]}
      />
      <Title order={1} size="h3">
        {TITLES[mode]}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {clientPicker('Source client', src.sourceClient, (c) => {
            src.setSourceClient(c);
            setSourceDomain(null);
          })}
          <DomainStep
            title="Step 1: Source domain"
            domains={src.sourceDomains.data}
            loading={src.sourceDomains.isFetching}
            error={src.sourceDomains.error}
            onRetry={() => src.sourceDomains.refetch()}
            multiple={false}
            selected={new Set(sourceDomain === null ? [] : [sourceDomain])}
            onChange={(next) => {
              setSourceDomain([...next][0] ?? null);
              // the audience filter names the source website's audiences
              setFilter((f) => ({ ...f, audiences: [] }));
              clearSelection();
            }}
            notice={src.moder && !src.sourceUid ? COPY_MSG.selectClient : undefined}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {clientPicker('Target client', src.targetClient, (c) => {
            src.setTargetClient(c);
            setTargets(new Set());
          })}
          <DomainStep
            title="Step 2: Target domains"
            domains={src.targetDomains.data}
            loading={src.targetDomains.isFetching}
            error={src.targetDomains.error}
            onRetry={() => src.targetDomains.refetch()}
            multiple={!migration}
            selected={targets}
            onChange={setTargets}
            disabledIds={migration || sourceDomain === null ? undefined : new Set([sourceDomain])}
            notice={src.moder && !src.targetUid ? COPY_MSG.selectClient : undefined}
          />
        </Stack>
      </Paper>
      <TypesStep
        offered={offered}
        types={types}
        onTypes={setTypes}
        withGroups={mode === 'copy2' ? withGroups : undefined}
        onWithGroups={setWithGroups}
        duplicates={mode === 'copy2' ? duplicates : undefined}
        onDuplicates={setDuplicates}
      />
      <DripSteps
        types={types}
        src={src}
        filter={filter}
        onFilter={(next) => {
          setFilter(next);
          setChosenRecurring(new Set());
        }}
        chosen={chosenFor}
        setChosen={{ recurring: setChosenRecurring, welcome: setChosenWelcome, audiences: setChosenAudiences }}
        urls={urls}
        onUrl={mode === 'copy' ? (id, url) => setUrls(new Map(urls).set(id, url)) : undefined}
      />
      {report && !job.polling && (
        <Alert color="teal" role="status" withCloseButton onClose={() => setReport(null)}>
          {report}
        </Alert>
      )}
      {job.polling && (
        <Alert color="blue" role="status">
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">
              Copying…{' '}
              {job.job ? `${job.job.progress.done} of ${job.job.progress.total} (${job.job.status})` : 'queued'}
            </Text>
          </Group>
        </Alert>
      )}
      <Group>
        {migration ? (
          <Button onClick={() => setDialog(true)} disabled={!canMigrate || busy}>
            Create Schedule
          </Button>
        ) : (
          <Button onClick={() => void apply()} disabled={busy || src.recurring.isFetching} loading={processing}>
            Apply copy settings
          </Button>
        )}
        {processing && <Loader size="sm" role="progressbar" aria-label="Processing" />}
      </Group>
      {migration && (
        <SpamScheduleDialog
          opened={dialog}
          busy={processing}
          onClose={() => setDialog(false)}
          onSubmit={(v) => void migrate(v)}
          serverErrors={dialogErrors}
        />
      )}
    </Stack>
  );
}
