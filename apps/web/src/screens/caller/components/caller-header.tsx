import { Badge, Box, Button, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ScreenHeader } from '@/features/branch/components/screen-header';
import { ShortcutsHelp } from './shortcuts-help';

/**
 * The caller's header: counter and branch, the chosen services and who works, the "waiting while
 * idle" badge, shortcuts, "Ganti loket" (not while a ticket is active at the counter) and sign out.
 */
export function CallerHeader({
  counterName,
  branchName,
  subtitle,
  idleWaiting,
  changeBlocked,
  onChangeCounter,
  onLeave,
}: {
  counterName: string;
  branchName: string;
  subtitle: string;
  /** Tickets waiting while the counter is idle (0: no badge). */
  idleWaiting: number;
  /** A ticket is active at the counter: finish, hold or transfer it before changing counter. */
  changeBlocked: boolean;
  onChangeCounter: () => void;
  onLeave: () => Promise<void>;
}) {
  const { t } = useTranslation('caller');
  const change = (
    <Button
      variant="light"
      leftSection={<IconArrowsExchange size={16} aria-hidden />}
      disabled={changeBlocked}
      onClick={onChangeCounter}
      aria-label={t('changeCounter')}
      px={{ base: 'xs', sm: 'md' }}
    >
      <Box component="span" visibleFrom="sm">
        {t('changeCounter')}
      </Box>
    </Button>
  );
  return (
    <ScreenHeader
      title={
        <>
          <span data-testid="caller-counter">{counterName}</span>
          {' · '}
          <span>{branchName}</span>
        </>
      }
      subtitle={subtitle}
      status={
        idleWaiting > 0 ? (
          <Badge color="blue" leftSection={<IconBell size={12} aria-hidden />} role="status" visibleFrom="md">
            {t('notify.waitingWhileIdle', { count: idleWaiting })}
          </Badge>
        ) : null
      }
      tools={<ShortcutsHelp />}
      actions={
        changeBlocked ? (
          <Tooltip label={t('changeCounterBlocked')} withArrow>
            <span>{change}</span>
          </Tooltip>
        ) : (
          change
        )
      }
      signOutTo={paths.loginCaller.href()}
      beforeSignOut={onLeave}
    />
  );
}
