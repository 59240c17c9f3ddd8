import { useState } from 'react';
import {
  Alert,
  AppShell,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowsExchange, IconLogout } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { SessionUser } from '@antrean/shared/domain/user';
import { LanguageSwitch } from '@/components/language-switch';
import { paths } from '@/config/paths';
import { readCounterChoice, type CounterChoice } from '@/features/auth/lib/counter-choice';
import { useErrorText } from '@/lib/error-text';
import {
  branchCountersQueryOptions,
  branchesQueryOptions,
  branchServicesQueryOptions,
} from '@/lib/queries/branches';
import { useLogout, useSession, useTenantTheme } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /caller — for now the signed-in caller's counter and services, with "change counter" and sign
 * out. The full caller screen (waiting list, call, serve, hold, skip, transfer, finish) is a
 * later issue and grows from here.
 */
export function CallerScreen() {
  const { data: user } = useSession();
  // The route guard only renders this for a signed-in caller.
  if (!user) return null;
  return <CallerScreenFor user={user} />;
}

function CallerScreenFor({ user }: { user: SessionUser }) {
  const [choice] = useState(() => readCounterChoice(user.id));
  if (!choice) return <Navigate replace to={paths.loginCaller.href()} />;
  return <CallerWorkspace user={user} choice={choice} />;
}

function CallerWorkspace({ user, choice }: { user: SessionUser; choice: CounterChoice }) {
  const { t } = useTranslation(['caller', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const { theme } = useTenantTheme();
  const logout = useLogout();
  const branches = useQuery(branchesQueryOptions());
  const services = useQuery(branchServicesQueryOptions(choice.branchId));
  const counters = useQuery(branchCountersQueryOptions(choice.branchId));

  const loading = branches.isPending || services.isPending || counters.isPending;
  const loadError = branches.error ?? services.error ?? counters.error;
  const branch = branches.data?.find((b) => b.id === choice.branchId);
  const counter = counters.data?.find((c) => c.id === choice.counterId);
  const chosenServices = (services.data ?? []).filter((s) => choice.serviceIds.includes(s.id));
  const stale = !loading && !loadError && (!counter || chosenServices.length === 0);

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Image src={theme.logoUrl ?? '/favicon.svg'} alt="" h={36} w="auto" fit="contain" />
            <div style={{ minWidth: 0 }}>
              <Text fw={700} lh={1.2} truncate>
                {user.tenantName ?? t('common:appName')}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.fullName} · {t(`common:roles.${user.role}`)}
              </Text>
            </div>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch compact />
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              loading={logout.isPending}
              onClick={() => {
                logout.mutate(paths.loginCaller.href(), {
                  onError: (error) => {
                    notifications.show({ color: 'red', message: errorText(error) });
                  },
                });
              }}
            >
              {t('common:actions.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Main>
        <Container size="md" py="md">
          <Stack gap="lg">
            <Group justify="space-between" align="center">
              <Title order={1}>{t('title')}</Title>
              <Button
                component={Link}
                to={paths.loginCaller.href()}
                variant="light"
                leftSection={<IconArrowsExchange size={16} aria-hidden />}
              >
                {t('changeCounter')}
              </Button>
            </Group>

            {loading ? <Loader aria-label={t('common:status.loading')} /> : null}
            {loadError ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                title={t('loadFailed')}
              >
                {errorText(loadError)}
              </Alert>
            ) : null}
            {stale ? (
              <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                {t('choiceInvalid')}
              </Alert>
            ) : null}

            {!loading && !loadError ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Card withBorder radius="md" padding="lg">
                  <Text size="sm" c="dimmed">
                    {t('counter')}
                  </Text>
                  <Text fw={700} size="xl" data-testid="caller-counter">
                    {counter?.name ?? t('unknown')}
                  </Text>
                </Card>
                <Card withBorder radius="md" padding="lg">
                  <Text size="sm" c="dimmed">
                    {t('services')}
                  </Text>
                  {chosenServices.length > 0 ? (
                    <List listStyleType="none" spacing={4}>
                      {chosenServices.map((service) => (
                        <List.Item key={service.id}>
                          <Group gap="xs" wrap="nowrap">
                            <Badge variant="light">{service.code}</Badge>
                            <Text fw={600}>{service.name}</Text>
                          </Group>
                        </List.Item>
                      ))}
                    </List>
                  ) : (
                    <Text fw={700}>{t('unknown')}</Text>
                  )}
                </Card>
                <Card withBorder radius="md" padding="lg">
                  <Text size="sm" c="dimmed">
                    {t('branch')}
                  </Text>
                  <Text fw={700}>{branch?.name ?? t('unknown')}</Text>
                </Card>
              </SimpleGrid>
            ) : null}
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
