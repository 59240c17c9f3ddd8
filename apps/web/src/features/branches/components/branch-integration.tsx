import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BranchDetail } from '@antrean/shared/domain/branch';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { notifyFailure } from '@/components/admin/notify';
import { useErrorText } from '@/lib/error-text';
import { useRotateApiKey } from '../api/mutations';
import { monitoringHref } from '../lib/paths';

/**
 * The branch's integration key (generate or rotate; the new key is shown once, here, and never
 * again) and the address of the supervisor monitor opened on this branch.
 */
export function BranchIntegration({ branch }: { branch: BranchDetail }) {
  const { t } = useTranslation(['branches', 'common']);
  const errorText = useErrorText();
  const rotate = useRotateApiKey();
  const [confirming, setConfirming] = useState(false);
  const [shownKey, setShownKey] = useState<string | null>(null);
  const monitorUrl = monitoringHref(window.location.origin, branch.code);

  const run = () =>
    rotate.mutate(branch.id, {
      onSuccess: (answer) => setShownKey(answer.key),
      onError: (error) => notifyFailure(errorText(error)),
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack maw={880}>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={3}>{t('apiKey.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('apiKey.intro')}
          </Text>
          <Text size="sm">
            {branch.apiKeyHint ? t('apiKey.current', { hint: branch.apiKeyHint }) : t('apiKey.none')}
          </Text>
          {shownKey ? (
            <Alert color="yellow" variant="light" title={t('apiKey.onceTitle')}>
              <Stack gap="xs">
                <Text size="sm">{t('apiKey.onceBody')}</Text>
                <Group gap="xs" wrap="nowrap">
                  <Code style={{ wordBreak: 'break-all' }} data-testid="new-api-key">
                    {shownKey}
                  </Code>
                  <CopyButton value={shownKey}>
                    {({ copied, copy }) => (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconCopy size={14} aria-hidden />}
                        onClick={copy}
                      >
                        {copied ? t('apiKey.copied') : t('apiKey.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <Group>
            <Button
              leftSection={<IconKey size={16} aria-hidden />}
              variant={branch.apiKeyHint ? 'light' : 'filled'}
              onClick={() => (branch.apiKeyHint ? setConfirming(true) : run())}
              loading={rotate.isPending && !confirming}
            >
              {branch.apiKeyHint ? t('apiKey.rotate') : t('apiKey.generate')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={3}>{t('monitoring.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('monitoring.intro')}
          </Text>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label={t('monitoring.label')} value={monitorUrl} readOnly style={{ flex: 1 }} />
            <CopyButton value={monitorUrl}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<IconCopy size={14} aria-hidden />} onClick={copy}>
                  {copied ? t('apiKey.copied') : t('apiKey.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Paper>

      <ConfirmDialog
        opened={confirming}
        title={t('apiKey.rotateTitle')}
        confirmLabel={t('apiKey.rotate')}
        color="orange"
        pending={rotate.isPending}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      >
        {t('apiKey.rotateBody', { hint: branch.apiKeyHint ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
