import { Anchor, List, Paper, Progress, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SETUP_STEPS, type SetupStep } from '@antrean/shared/contracts/dashboard.contract';

/** Where each step is done. */
const STEP_HREF: Record<SetupStep, string> = {
  branches: '/dashboard/master/cabang',
  services: '/dashboard/master/layanan',
  counters: '/dashboard/master/loket',
  mapping: '/dashboard/master/loket-layanan-cabang',
  users: '/dashboard/master/user-layanan',
  devices: '/dashboard/master/display',
  theme: '/dashboard/tema',
};

/** "Where to begin": the setup steps in order, each ticked once done, each a link to its page. */
export function SetupChecklist({ setup }: { setup: Record<SetupStep, boolean> }) {
  const { t } = useTranslation('dashboard');
  const done = SETUP_STEPS.filter((step) => setup[step]).length;
  const progress = t('setup.progress', { done, total: SETUP_STEPS.length });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="setup-heading">
      <Title order={2} size="h3" id="setup-heading">
        {t('setup.title')}
      </Title>
      <Text c="dimmed" mt={4}>
        {t('setup.intro')}
      </Text>
      <Progress value={(100 * done) / SETUP_STEPS.length} mt="sm" aria-label={progress} />
      <Text size="sm" mt={4}>
        {progress}
      </Text>
      <List component="ol" spacing="sm" mt="md" center>
        {SETUP_STEPS.map((step) => (
          <List.Item
            key={step}
            icon={
              <ThemeIcon color={setup[step] ? 'green' : 'gray'} variant="light" radius="xl" size={24}>
                {setup[step] ? (
                  <IconCircleCheck size={16} aria-hidden />
                ) : (
                  <IconCircleDashed size={16} aria-hidden />
                )}
              </ThemeIcon>
            }
          >
            <Anchor component={Link} to={STEP_HREF[step]} fw={600}>
              {t(`setup.steps.${step}.label`)}
            </Anchor>
            <Text span size="sm" c="dimmed">
              {' · '}
              {setup[step] ? t('setup.done') : t(`setup.steps.${step}.hint`)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
