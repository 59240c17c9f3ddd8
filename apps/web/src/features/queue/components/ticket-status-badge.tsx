import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import { STATUS_COLORS } from '../lib/ticket-actions';

export function TicketStatusBadge({
  status,
  size = 'md',
}: {
  status: TicketStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('caller');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size}>
      {t(`status.${status}`)}
    </Badge>
  );
}
