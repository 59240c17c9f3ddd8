import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@antrean/shared/domain/user';
import { notifyFailure } from '@/components/admin/notify';
import { useErrorText } from '@/lib/error-text';
import { useStopActing } from '../api/acting';

/**
 * On every dashboard page of a superadmin acting inside a tenant: whose data this is, and a way
 * to stop acting (back to the tenants page).
 */
export function ActingBanner({ user }: { user: SessionUser }) {
  const { t } = useTranslation('platform');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const stop = useStopActing();
  if (user.role !== 'superadmin' || user.tenantId === null) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconBuildingBank size={18} aria-hidden />}
      mb="md"
      role="region"
      aria-label={t('acting.label')}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{t('acting.banner', { tenant: user.tenantName ?? '' })}</Text>
        <Button
          size="compact-sm"
          variant="white"
          color="orange"
          loading={stop.isPending}
          onClick={() =>
            stop.mutate(null, {
              onSuccess: () => void navigate('/dashboard/master/tenant'),
              onError: (error) => notifyFailure(errorText(error)),
            })
          }
        >
          {t('acting.stop')}
        </Button>
      </Group>
    </Alert>
  );
}
