import { ActionIcon, Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { DeferredTooltip } from '@/components/deferred/deferred-tooltip';
import { notifyFailure } from '@/components/feedback/notify';
import { isApiRequestError } from '@/lib/api';
import { useBackToModeration } from '@/lib/auth';

const LABEL = 'Return to moderation';

function failureText(error: unknown): string {
  return isApiRequestError(error) && error.message ? `Error: ${error.message}` : 'Error';
}

interface ReturnToModerationButtonProps {
  url: string;
  /** Icon-only on narrow screens. */
  compact?: boolean;
}

/** Shown while staff act as a client's user: POSTs backToModerUrl, reloads auth, opens /moderation-dashboard. */
export function ReturnToModerationButton({ url, compact = false }: ReturnToModerationButtonProps) {
  const back = useBackToModeration();
  const onClick = () => back.mutate(url, { onError: (error) => notifyFailure(failureText(error)) });
  const icon = <IconArrowBackUp size={18} aria-hidden />;
  if (compact) {
    return (
      <DeferredTooltip label={LABEL}>
        <ActionIcon
          color="orange"
          variant="light"
          size="lg"
          aria-label={LABEL}
          loading={back.isPending}
          onClick={onClick}
        >
          {icon}
        </ActionIcon>
      </DeferredTooltip>
    );
  }
  return (
    <Button color="orange" variant="light" leftSection={icon} loading={back.isPending} onClick={onClick}>
      {LABEL}
    </Button>
  );
}
