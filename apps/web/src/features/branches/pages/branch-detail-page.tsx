import { useState } from 'react';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api';
import { ErrorAlert } from '@/lib/error-alert';
import { useDocumentTitle } from '@/lib/use-document-title';
import { branchDetailQueryOptions } from '../api/queries';
import { BranchCopyDrawer } from '../components/branch-copy-drawer';
import { BranchIntegration } from '../components/branch-integration';
import { BranchSchedules } from '../components/branch-schedules';
import { BranchSettingsForm } from '../components/branch-settings-form';
import { BRANCHES_HREF } from '../lib/paths';

/**
 * /dashboard/master/cabang/:id — one branch: its fields (saved with "Cabang Berhasil Diubah"),
 * what it uses of its limits, its services' schedules, and its integration key and monitoring address.
 */
export function BranchDetailPage({ branchId }: { branchId: string }) {
  const { t } = useTranslation(['branches', 'common']);
  const query = useQuery(branchDetailQueryOptions(branchId));
  const [copying, setCopying] = useState(false);
  const branch = query.data;
  useDocumentTitle(branch ? branch.name : t('documentTitle'));

  const back = (
    <Anchor component={Link} to={BRANCHES_HREF} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );

  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.code === 'NOT_FOUND';
    return (
      <Stack gap="lg">
        {back}
        {notFound ? (
          <Text>{t('detail.notFound')}</Text>
        ) : (
          <ErrorAlert
            title={t('detail.loadFailed')}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </Stack>
    );
  }
  if (!branch) {
    return (
      <Stack gap="lg">
        {back}
        <Skeleton height={32} width={320} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {back}
      <div>
        <Group gap="sm" justify="space-between">
          <Group gap="sm">
            <Title order={1}>{branch.name}</Title>
            <Badge color={branch.isActive ? 'green' : 'gray'} variant="light">
              {branch.isActive ? t('common:status.active') : t('common:status.inactive')}
            </Badge>
          </Group>
          <Button
            variant="light"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => setCopying(true)}
          >
            {t('copy.action')}
          </Button>
        </Group>
        <Text c="dimmed" mt={4}>
          {t('detail.subtitle', { code: branch.code, city: branch.city })}
        </Text>
        <Text size="sm" mt={4}>
          {t('detail.usage', {
            counters: branch.usage.activeCounters,
            counterLimit: branch.counterLimit,
            displays: branch.usage.activeDisplays,
            displayLimit: branch.displayLimit,
          })}
        </Text>
      </div>
      <Tabs defaultValue="settings" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="settings">{t('detail.tabs.settings')}</Tabs.Tab>
          <Tabs.Tab value="schedules">{t('detail.tabs.schedules')}</Tabs.Tab>
          <Tabs.Tab value="integration">{t('detail.tabs.integration')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md">
          <BranchSettingsForm branch={branch} />
        </Tabs.Panel>
        <Tabs.Panel value="schedules" pt="md">
          <BranchSchedules branchId={branch.id} />
        </Tabs.Panel>
        <Tabs.Panel value="integration" pt="md">
          <BranchIntegration branch={branch} />
        </Tabs.Panel>
      </Tabs>
      {copying ? <BranchCopyDrawer source={branch} onClose={() => setCopying(false)} /> : null}
    </Stack>
  );
}
