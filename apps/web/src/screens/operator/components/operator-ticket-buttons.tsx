import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowsExchange, IconCheck, IconPrinter, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { operatorActions, type OperatorAction } from '@/features/queue/lib/ticket-actions';

const ICONS: Record<OperatorAction, ReactNode> = {
  validate: <IconCheck size={16} aria-hidden />,
  requeue: <IconArrowBackUp size={16} aria-hidden />,
  transfer: <IconArrowsExchange size={16} aria-hidden />,
  cancel: <IconX size={16} aria-hidden />,
};

/** A ticket's operator buttons (only those its status allows) and "reprint". */
export function OperatorTicketButtons({
  ticket,
  busy,
  onAction,
  onReprint,
}: {
  ticket: Ticket;
  busy: boolean;
  onAction: (action: OperatorAction, ticket: Ticket) => void;
  onReprint: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation('operator');
  return (
    <Group gap={4} wrap="nowrap">
      {operatorActions(ticket).map((name) => (
        <Tooltip key={name} label={t(`actions.${name}Short`)}>
          <ActionIcon
            variant="subtle"
            color={name === 'cancel' ? 'red' : undefined}
            aria-label={t(`actions.${name}`, { number: ticket.number })}
            disabled={busy}
            onClick={() => onAction(name, ticket)}
          >
            {ICONS[name]}
          </ActionIcon>
        </Tooltip>
      ))}
      <Tooltip label={t('actions.reprintShort')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('actions.reprint', { number: ticket.number })}
          onClick={() => onReprint(ticket)}
        >
          <IconPrinter size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
