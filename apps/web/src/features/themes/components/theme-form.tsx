import { useState } from 'react';
import { Accordion, Alert, ColorInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MIN_CONTRAST, contrastRatio } from '@antrean/shared/common/contrast';
import {
  THEME_LABEL_KEYS,
  THEME_LABEL_MAX,
  THEME_LABEL_SCREENS,
  labelTarget,
} from '@antrean/shared/domain/theme-labels';
import {
  THEME_FONTS,
  THEME_NAME_MAX,
  ThemeInputSchema,
  type ThemeInput,
  type ThemeTemplate,
} from '@antrean/shared/domain/theme-template';
import { FormDrawer } from '@/components/admin/form-drawer';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { defaultLabel } from '../lib/default-labels';
import { ThemePreview } from './theme-preview';

const HEX = /^#[0-9a-fA-F]{6}$/;
const COLOR_FIELDS = [
  'primaryColor',
  'secondaryColor',
  'sidebarBackground',
  'pageBackground',
  'displayBackground',
  'displayTextColor',
] as const;

const NEW_THEME: ThemeInput = {
  name: '',
  primaryColor: '#0b5cab',
  secondaryColor: '#f59f00',
  sidebarBackground: '#0a2540',
  pageBackground: '#f5f7fa',
  displayBackground: '#0a2540',
  displayTextColor: '#ffffff',
  fontFamily: THEME_FONTS[0],
  headingFontFamily: THEME_FONTS[0],
  logoFileId: null,
  faviconFileId: null,
  backgroundFileId: null,
  labels: {},
};

/** Every label with both texts ('' keeps the product's), so each input is controlled. */
function allLabels(labels: ThemeInput['labels']): ThemeInput['labels'] {
  return Object.fromEntries(
    THEME_LABEL_KEYS.map((key) => [key, { id: labels[key]?.id ?? '', en: labels[key]?.en ?? '' }]),
  );
}

/** The contrast of two colours once both are complete, for the live warnings. */
function ratioOf(a: string, b: string): number | null {
  return HEX.test(a) && HEX.test(b) ? contrastRatio(a, b) : null;
}

/**
 * Create or edit a theme in a drawer, with a live preview of a kiosk and a display, and
 * warnings when text would be hard to read (the display's pair is refused below 4.5:1).
 */
export function ThemeFormDrawer({
  theme,
  pending,
  onSubmit,
  onClose,
}: {
  theme: ThemeTemplate | null;
  pending: boolean;
  onSubmit: (values: ThemeInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['themes', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const initial: ThemeInput = theme
    ? {
        name: theme.name,
        primaryColor: theme.primaryColor,
        secondaryColor: theme.secondaryColor,
        sidebarBackground: theme.sidebarBackground,
        pageBackground: theme.pageBackground,
        displayBackground: theme.displayBackground,
        displayTextColor: theme.displayTextColor,
        fontFamily: theme.fontFamily,
        headingFontFamily: theme.headingFontFamily,
        logoFileId: theme.logoFileId,
        faviconFileId: theme.faviconFileId,
        backgroundFileId: theme.backgroundFileId,
        labels: theme.labels,
      }
    : NEW_THEME;
  const form = useZodForm(ThemeInputSchema, {
    mode: 'controlled',
    initialValues: { ...initial, labels: allLabels(initial.labels) },
  });
  const values = form.getValues();
  const submit = form.onSubmit(async (input) => {
    setFormError(null);
    try {
      await onSubmit(input);
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });

  const displayRatio = ratioOf(values.displayTextColor, values.displayBackground);
  const buttonRatio = ratioOf('#ffffff', values.primaryColor);
  const fonts = THEME_FONTS.map((f) => ({ value: f, label: f.split(',')[0]?.replaceAll('"', '') ?? f }));

  return (
    <FormDrawer
      opened
      title={theme ? t('form.editTitle', { name: theme.name }) : t('form.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={THEME_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={2}>
        {COLOR_FIELDS.map((field) => (
          <ColorInput
            key={field}
            label={t(`fields.${field}`)}
            withAsterisk
            format="hex"
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
      {displayRatio !== null && displayRatio < MIN_CONTRAST ? (
        <Alert color="red" role="alert" title={t('contrast.displayTitle')}>
          {t('contrast.display', { ratio: displayRatio.toFixed(1) })}
        </Alert>
      ) : null}
      {buttonRatio !== null && buttonRatio < MIN_CONTRAST ? (
        <Alert color="yellow" role="status">
          {t('contrast.primary', { ratio: buttonRatio.toFixed(1) })}
        </Alert>
      ) : null}
      <Select
        label={t('fields.fontFamily')}
        withAsterisk
        allowDeselect={false}
        data={fonts}
        {...form.getInputProps('fontFamily')}
      />
      <Select
        label={t('fields.headingFontFamily')}
        withAsterisk
        allowDeselect={false}
        data={fonts}
        {...form.getInputProps('headingFontFamily')}
      />
      <ImageUploadField
        label={t('fields.logo')}
        purpose="logo"
        value={values.logoFileId}
        onChange={(id) => form.setFieldValue('logoFileId', id)}
        error={typeof form.errors.logoFileId === 'string' ? form.errors.logoFileId : null}
      />
      <ImageUploadField
        label={t('fields.favicon')}
        purpose="favicon"
        description={t('fields.faviconHint')}
        value={values.faviconFileId}
        onChange={(id) => form.setFieldValue('faviconFileId', id)}
        error={typeof form.errors.faviconFileId === 'string' ? form.errors.faviconFileId : null}
      />
      <ImageUploadField
        label={t('fields.background')}
        purpose="background"
        description={t('fields.backgroundHint')}
        value={values.backgroundFileId}
        onChange={(id) => form.setFieldValue('backgroundFileId', id)}
        error={typeof form.errors.backgroundFileId === 'string' ? form.errors.backgroundFileId : null}
      />
      <Accordion variant="contained">
        <Accordion.Item value="labels">
          <Accordion.Control>{t('labels.title')}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t('labels.intro')}
              </Text>
              {THEME_LABEL_SCREENS.map((screen) => (
                <Stack key={screen} gap="xs" role="group" aria-label={t(`labels.screens.${screen}`)}>
                  <Text fw={600} size="sm">
                    {t(`labels.screens.${screen}`)}
                  </Text>
                  {THEME_LABEL_KEYS.filter((key) => labelTarget(key).screen === screen).map((key) => (
                    <SimpleGrid key={key} cols={{ base: 1, xs: 2 }} spacing="xs">
                      <TextInput
                        label={t('labels.inLanguage', {
                          label: t(`labels.keys.${key}`),
                          language: 'Indonesia',
                        })}
                        placeholder={defaultLabel(key, 'id')}
                        maxLength={THEME_LABEL_MAX}
                        {...form.getInputProps(`labels.${key}.id`)}
                      />
                      <TextInput
                        label={t('labels.inLanguage', {
                          label: t(`labels.keys.${key}`),
                          language: 'English',
                        })}
                        placeholder={defaultLabel(key, 'en')}
                        maxLength={THEME_LABEL_MAX}
                        lang="en"
                        {...form.getInputProps(`labels.${key}.en`)}
                      />
                    </SimpleGrid>
                  ))}
                </Stack>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <ThemePreview theme={values} />
    </FormDrawer>
  );
}
