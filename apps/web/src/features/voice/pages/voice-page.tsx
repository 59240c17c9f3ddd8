import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  NUMBER_STYLES,
  VOICE_TEMPLATE_MAX,
  VoiceSettingsInputSchema,
  type VoiceSettingsData,
} from '@antrean/shared/domain/voice';
import { VOICE_MODES, announcementsFor } from '@antrean/shared/voice/announcement';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { notifySuccess } from '@/components/admin/notify';
import { isApiError } from '@/lib/api';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { useSaveVoice, voiceQueryOptions } from '../api/voice';

const SAMPLE = { ticketNumber: 'A012', counterName: 'Loket 1', counterNumber: 1 };
const SPEECH_LANG = { id: 'id-ID', en: 'en-US' } as const;

/** Speaks the sample call in the browser the way the displays will; false when it cannot speak. */
function speakSample(values: {
  mode: (typeof VOICE_MODES)[number];
  numberStyle: 'number' | 'digits';
  templateId: string | null;
  templateEn: string | null;
}): boolean {
  const sentences = announcementsFor(
    values.mode,
    { ...SAMPLE, style: values.numberStyle },
    { id: values.templateId, en: values.templateEn },
  );
  if (
    typeof window.speechSynthesis === 'undefined' ||
    typeof window.SpeechSynthesisUtterance === 'undefined'
  ) {
    return false;
  }
  window.speechSynthesis.cancel();
  for (const sentence of sentences) {
    const utterance = new SpeechSynthesisUtterance(sentence.text);
    utterance.lang = SPEECH_LANG[sentence.language];
    window.speechSynthesis.speak(utterance);
  }
  return true;
}

function VoiceForm({ settings }: { settings: VoiceSettingsData }) {
  const { t } = useTranslation(['voice', 'common']);
  const errorText = useErrorText();
  const save = useSaveVoice();
  const [formError, setFormError] = useState<string | null>(null);
  const [heard, setHeard] = useState<string | null>(null);
  const form = useZodForm(VoiceSettingsInputSchema, {
    mode: 'controlled',
    initialValues: {
      mode: settings.mode,
      numberStyle: settings.numberStyle,
      templateId: settings.templateId ?? '',
      templateEn: settings.templateEn ?? '',
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      notifySuccess(t('saved'));
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });
  const listen = () => {
    const parsed = VoiceSettingsInputSchema.safeParse(form.getValues());
    if (!parsed.success) {
      form.validate();
      return;
    }
    const texts = announcementsFor(
      parsed.data.mode,
      { ...SAMPLE, style: parsed.data.numberStyle },
      { id: parsed.data.templateId, en: parsed.data.templateEn },
    ).map((s) => s.text);
    const spoke = speakSample(parsed.data);
    setHeard(texts.length === 0 ? t('listen.silent') : spoke ? texts.join(' · ') : t('listen.unsupported'));
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Radio.Group
          label={t('fields.mode')}
          description={t('fields.modeHint')}
          withAsterisk
          {...form.getInputProps('mode')}
        >
          <Stack gap="xs" mt="xs">
            {VOICE_MODES.map((mode) => (
              <Radio key={mode} value={mode} label={t(`modes.${mode}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group label={t('fields.numberStyle')} withAsterisk {...form.getInputProps('numberStyle')}>
          <Stack gap="xs" mt="xs">
            {NUMBER_STYLES.map((style) => (
              <Radio key={style} value={style} label={t(`styles.${style}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={t('fields.templateId')}
          description={t('fields.templateHint')}
          placeholder="Nomor antrian {number}, silakan menuju {counter}"
          maxLength={VOICE_TEMPLATE_MAX}
          {...form.getInputProps('templateId')}
        />
        <TextInput
          label={t('fields.templateEn')}
          description={t('fields.templateHint')}
          placeholder="Ticket number {number}, please proceed to {counter}"
          maxLength={VOICE_TEMPLATE_MAX}
          {...form.getInputProps('templateEn')}
        />
        <Group justify="space-between" wrap="wrap">
          <Button variant="light" leftSection={<IconVolume size={16} aria-hidden />} onClick={listen}>
            {t('listen.button')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common:admin.save')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {heard}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /dashboard/parameter/mode-suara — how the tenant's displays announce a call (admin): the mode
 * (a display may override it on its own page), numbers as words or digit by digit, the sentence
 * per language, and a sample spoken in this browser. Saved settings reach the displays at once.
 */
export function VoicePage() {
  const { t } = useTranslation(['voice', 'common']);
  useDocumentTitle(t('documentTitle'));
  const voice = useQuery(voiceQueryOptions());
  return (
    <Stack gap="lg" maw={760}>
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      {voice.isError ? (
        <ErrorAlert title={t('loadFailed')} error={voice.error} onRetry={() => void voice.refetch()} />
      ) : voice.data ? (
        <VoiceForm settings={voice.data} />
      ) : (
        <Skeleton height={320} radius="md" />
      )}
    </Stack>
  );
}
