import { Button, Group } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCheck,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconRefresh,
  IconSpeakerphone,
  IconArrowBackUp,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { callerActions, type CallerAction } from '../lib/ticket-actions';

const ICONS: Record<CallerAction, ReactNode> = {
  call: <IconSpeakerphone size={16} aria-hidden />,
  recall: <IconRefresh size={16} aria-hidden />,
  serve: <IconPlayerPlay size={16} aria-hidden />,
  hold: <IconPlayerPause size={16} aria-hidden />,
  skip: <IconPlayerSkipForward size={16} aria-hidden />,
  transfer: <IconArrowsExchange size={16} aria-hidden />,
  finish: <IconCheck size={16} aria-hidden />,
  requeue: <IconArrowBackUp size={16} aria-hidden />,
};

const COLORS: Partial<Record<CallerAction, string>> = {
  serve: 'teal',
  finish: 'green',
  hold: 'yellow',
  skip: 'orange',
};

/**
 * The current ticket's buttons: only those the state machine allows from its status (and the
 * service's settings allow). Names are the plain verbs ("Panggil ulang", "Layani", …).
 */
export function TicketActionButtons({
  ticket,
  service,
  pending,
  onAction,
  exclude = [],
  disabled = false,
}: {
  ticket: Pick<Ticket, 'status' | 'number'>;
  service: Pick<BranchService, 'randomCaller' | 'finishButton'> | undefined;
  pending: CallerAction | null;
  onAction: (action: CallerAction) => void;
  exclude?: readonly CallerAction[];
  /** Nothing may be done here now (e.g. the counter was taken elsewhere). */
  disabled?: boolean;
}) {
  const { t } = useTranslation('caller');
  const actions = callerActions(ticket.status, service).filter((a) => !exclude.includes(a));
  return (
    <Group gap="sm">
      {actions.map((action) => (
        <Button
          key={action}
          size="md"
          color={COLORS[action]}
          variant={action === 'serve' || action === 'finish' ? 'filled' : 'light'}
          leftSection={ICONS[action]}
          loading={pending === action}
          disabled={disabled || (pending !== null && pending !== action)}
          onClick={() => onAction(action)}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
    </Group>
  );
}
