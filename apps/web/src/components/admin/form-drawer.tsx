import type { ReactNode, SyntheticEvent } from 'react';
import { Alert, Button, Drawer, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The create/edit form of an admin page in a side drawer: the fields, a form-level error (one
 * no field shows) and save/cancel. The page owns the form (`useZodForm` on the shared schema)
 * and maps the server's field errors onto it (`applyServerFieldErrors`).
 */
export function FormDrawer({
  opened,
  title,
  children,
  error,
  pending,
  submitLabel,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  error?: string | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: (event?: SyntheticEvent<HTMLFormElement>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Drawer
      opened={opened}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={title}
      position="right"
      size="md"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          {children}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
