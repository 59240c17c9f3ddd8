import { useState } from 'react';
import { Alert, ColorInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MIN_CONTRAST, contrastRatio } from '@antrean/shared/common/contrast';
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
};

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
      }
    : NEW_THEME;
  const form = useZodForm(ThemeInputSchema, { mode: 'controlled', initialValues: initial });
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
      <ThemePreview theme={values} />
    </FormDrawer>
  );
}
