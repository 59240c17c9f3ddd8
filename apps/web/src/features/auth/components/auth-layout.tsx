import type { ReactNode } from 'react';
import { Box, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import classes from './auth-layout.module.css';

export interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the sign-in pages: product mark, language switch, one card. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <Box className={classes.page}>
      <Container size={460} py="xl">
        <Group justify="space-between" align="center" mb="lg">
          <Group gap="sm">
            <Image src="/favicon.svg" alt="" w={40} h={40} />
            <Text fw={700} size="xl" component="span">
              {t('appName')}
            </Text>
          </Group>
          <LanguageSwitch compact />
        </Group>
        <Paper component="main" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" mt={4}>
                  {subtitle}
                </Text>
              ) : null}
            </div>
            {children}
          </Stack>
        </Paper>
        {footer ? (
          <Box mt="md" ta="center">
            {footer}
          </Box>
        ) : null}
      </Container>
    </Box>
  );
}
