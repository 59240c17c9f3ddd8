import type { ChangeEvent } from 'react';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '@antrean/shared/i18n/lang';
import { changeLanguage } from '@/lib/i18n';
import { useSaveLanguagePreference, useSession } from '@/lib/session';

export interface LanguageSwitchProps {
  /** Hide the visible label (the select keeps its accessible name), for headers. */
  compact?: boolean;
}

/**
 * Switches the interface between Bahasa Indonesia and English. The choice is remembered on
 * this device and, when someone is signed in, saved to their account. A native select keeps
 * it usable with a keyboard, screen readers and on phones; each option is named in its own
 * language.
 */
export function LanguageSwitch({ compact = false }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation('common');
  const { data: user } = useSession();
  const savePreference = useSaveLanguagePreference();
  const value = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.currentTarget.value;
    if (!isLanguage(next) || next === value) return;
    void changeLanguage(next);
    if (user) savePreference.mutate(next);
  };

  return (
    <NativeSelect
      label={compact ? undefined : t('language.label')}
      aria-label={compact ? t('language.label') : undefined}
      value={value}
      onChange={onChange}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={compact ? 200 : undefined}
      size={compact ? 'sm' : 'md'}
    >
      {LANGUAGES.map((lang) => (
        <option key={lang} value={lang} lang={lang}>
          {t(`language.${lang}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
