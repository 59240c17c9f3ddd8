import type { ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Image, Popover, Stack, Text } from '@mantine/core';
import { IconDotsVertical, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { ProfileButton } from '@/components/profile/profile-button';
import { useLiveStatus } from '@/lib/use-live';
import { useTenantTheme } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';

const LIVE_COLORS = { online: 'green', connecting: 'yellow', offline: 'red' } as const;

export interface ScreenHeaderProps {
  /** The first line next to the tenant's logo. */
  title: ReactNode;
  /** The dimmed second line (who is signed in, where). */
  subtitle: ReactNode;
  /** Shown before the live status (e.g. a notification badge). */
  status?: ReactNode;
  /** Shown between the live status and the language switch (e.g. a help button). */
  tools?: ReactNode;
  /** Buttons before "Sign out". */
  actions?: ReactNode;
  /** Where signing out leads. */
  signOutTo: string;
  /** Runs before signing out (e.g. leaving the counter); signing out follows whatever it does. */
  beforeSignOut?: () => Promise<void>;
}

/**
 * The header of the live staff screens (caller, operator, supervisor): the tenant's logo and
 * two lines of context, the live connection status, the language switch, the profile menu and "Sign out". Put it
 * inside `AppShell.Header`.
 */
export function ScreenHeader({
  title,
  subtitle,
  status,
  tools,
  actions,
  signOutTo,
  beforeSignOut,
}: ScreenHeaderProps) {
  const { t } = useTranslation(['caller', 'common']);
  const { theme } = useTenantTheme();
  const { signOut: signOutAndLoad, pending } = useSignOut();
  const liveStatus = useLiveStatus();
  const signOut = () => signOutAndLoad(signOutTo);
  const liveLabel = t(`caller:live.${liveStatus}`);
  const leave = () => {
    if (beforeSignOut) void beforeSignOut().then(signOut);
    else signOut();
  };
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <Image src={theme.logoUrl ?? '/favicon.svg'} alt="" h={36} w="auto" fit="contain" visibleFrom="xs" />
        <div style={{ minWidth: 0 }}>
          <Text fw={700} lh={1.2} truncate>
            {title}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {subtitle}
          </Text>
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {status}
        <Badge
          color={LIVE_COLORS[liveStatus]}
          variant="dot"
          role="status"
          aria-label={liveLabel}
          title={liveLabel}
        >
          <Box component="span" visibleFrom="sm">
            {liveLabel}
          </Box>
        </Badge>
        {tools}
        <Box visibleFrom="md">
          <LanguageSwitch compact />
        </Box>
        {actions}
        <ProfileButton />
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={pending}
          onClick={leave}
          visibleFrom="md"
        >
          {t('common:actions.signOut')}
        </Button>
        {/* Narrow screens: the language and "Sign out" behind one button, so nothing overflows. */}
        <Popover position="bottom-end" withArrow shadow="md" width={240}>
          <Popover.Target>
            <ActionIcon variant="default" size="lg" aria-label={t('caller:header.more')} hiddenFrom="md">
              <IconDotsVertical size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="sm">
              <LanguageSwitch />
              <Button
                variant="default"
                leftSection={<IconLogout size={16} aria-hidden />}
                loading={pending}
                onClick={leave}
              >
                {t('common:actions.signOut')}
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Group>
  );
}
