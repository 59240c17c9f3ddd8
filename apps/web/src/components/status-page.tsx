import type { ReactNode } from 'react';
import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';

export interface StatusPageProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** A short code shown above the title (e.g. 404). */
  code?: string;
  actions?: ReactNode;
  /** Fill the whole viewport (stand-alone pages) or just the content area (inside a layout). */
  fullScreen?: boolean;
  color?: string;
}

/** The shared look of not-found, forbidden, error and "being prepared" pages. */
export function StatusPage({
  icon,
  title,
  description,
  code,
  actions,
  fullScreen = false,
  color = 'brand',
}: StatusPageProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : 360} p="xl">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        {code ? (
          <Text fw={700} c="dimmed" size="sm">
            {code}
          </Text>
        ) : null}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        {actions}
      </Stack>
    </Center>
  );
}
