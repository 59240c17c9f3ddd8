import { Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@antrean/shared/contracts/files.contract';
import { backdrop } from '@antrean/shared/common/contrast';
import type { ThemeInput } from '@antrean/shared/domain/theme-template';
import { isLanguage } from '@antrean/shared/i18n/lang';
import { shownLabel } from '../lib/default-labels';

/** A small kiosk and display drawn with the theme being edited, updated as the admin types. */
export function ThemePreview({ theme }: { theme: ThemeInput }) {
  const { t, i18n } = useTranslation('themes');
  const lang = isLanguage(i18n.language) ? i18n.language : 'id';
  const logo = theme.logoFileId ? fileUrl(theme.logoFileId) : null;
  const image = theme.backgroundFileId ? fileUrl(theme.backgroundFileId) : null;
  return (
    <Stack gap="xs" aria-label={t('preview.title')} role="group">
      <Text fw={600} size="sm">
        {t('preview.title')}
      </Text>
      <Group grow align="stretch" gap="sm">
        <Paper
          data-testid="kiosk-preview"
          withBorder
          p="sm"
          style={{
            backgroundColor: theme.displayBackground,
            backgroundImage: backdrop(theme.displayBackground, image),
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            fontFamily: theme.fontFamily,
          }}
        >
          <Text size="xs" mb={4} style={{ color: theme.displayTextColor, opacity: 0.85 }}>
            {t('preview.kiosk')} · {shownLabel(theme.labels, 'kioskServicesTab', lang)}
          </Text>
          {logo ? <Image src={logo} alt={t('preview.logo')} h={24} w="auto" fit="contain" mb={4} /> : null}
          <Box
            p={8}
            style={{
              background: theme.primaryColor,
              color: '#fff',
              borderRadius: 6,
              fontFamily: theme.headingFontFamily,
            }}
          >
            {t('preview.service')}
          </Box>
          <Box mt={6} p={6} style={{ background: theme.secondaryColor, borderRadius: 6, fontSize: 12 }}>
            {t('preview.take')}
          </Box>
        </Paper>
        <Paper
          data-testid="display-preview"
          withBorder
          p="sm"
          style={{
            backgroundColor: theme.displayBackground,
            backgroundImage: backdrop(theme.displayBackground, image),
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            color: theme.displayTextColor,
            fontFamily: theme.fontFamily,
          }}
        >
          <Text size="xs" mb={4} style={{ color: theme.displayTextColor, opacity: 0.85 }}>
            {t('preview.display')} · {shownLabel(theme.labels, 'displayNowCalling', lang)}
          </Text>
          <Text fw={800} size="xl" style={{ fontFamily: theme.headingFontFamily }}>
            A012
          </Text>
          <Text size="sm">{t('preview.counter')}</Text>
        </Paper>
      </Group>
    </Stack>
  );
}
