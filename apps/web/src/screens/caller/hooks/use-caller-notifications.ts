import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { SlaState } from '@/features/queue/lib/ticket-actions';

const IDLE_ID = 'caller-waiting-idle';

/** Notifications: tickets waiting while the counter is idle (until it calls); a service past its SLA (once). */
export function useCallerNotifications({
  idleWithWaiting,
  waitingCount,
  current,
  sla,
}: {
  idleWithWaiting: boolean;
  waitingCount: number;
  current: Ticket | null;
  sla: SlaState | null;
}): void {
  const { t } = useTranslation('caller');
  const wasIdleWithWaiting = useRef(false);
  useEffect(() => {
    if (idleWithWaiting && !wasIdleWithWaiting.current) {
      notifications.show({
        id: IDLE_ID,
        color: 'blue',
        title: t('notify.waitingWhileIdle', { count: waitingCount }),
        message: t('notify.waitingWhileIdleBody'),
      });
    }
    if (!idleWithWaiting && wasIdleWithWaiting.current) notifications.hide(IDLE_ID);
    wasIdleWithWaiting.current = idleWithWaiting;
  }, [idleWithWaiting, waitingCount, t]);

  const breachedNotified = useRef(new Set<string>());
  useEffect(() => {
    if (!current || sla !== 'breached' || breachedNotified.current.has(current.id)) return;
    breachedNotified.current.add(current.id);
    notifications.show({ color: 'red', message: t('notify.slaBreached', { number: current.number }) });
  }, [current, sla, t]);
}
