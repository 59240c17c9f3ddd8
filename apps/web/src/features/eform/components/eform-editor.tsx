import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  EFORM_FIELDS_MAX,
  EFORM_INPUT_TYPES,
  EFORM_LABEL_MAX,
  EformInputSchema,
  isChoiceType,
  type Eform,
  type EformInput,
} from '@antrean/shared/domain/eform';
import { EFORM_REGEX_MAX } from '@antrean/shared/domain/eform-regex';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

const NEW_FIELD: EformInput['fields'][number] = {
  field: '',
  label: '',
  inputType: 'text',
  placeholder: '',
  regex: '',
  required: false,
  validationMessage: '',
  options: [],
};

/**
 * A service's e-form: its fields in order, each with key, label, input type, placeholder, regex,
 * required and validation message (and the options of a choice field), validated with the
 * request's schema (the regex safety check included) before it is saved whole.
 */
export function EformEditor({
  eform,
  pending,
  onSave,
}: {
  eform: Eform;
  pending: boolean;
  onSave: (body: EformInput) => Promise<unknown>;
}) {
  const { t } = useTranslation(['eform', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(EformInputSchema, { mode: 'controlled', initialValues: { fields: eform.fields } });
  const fields = form.getValues().fields;

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });
  /** A nullable text input (placeholder, regex, message): null shows as empty. */
  const text = (path: string) => {
    const props = form.getInputProps(path);
    return { ...props, value: typeof props.value === 'string' ? props.value : '' };
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        {fields.length === 0 ? <Text c="dimmed">{t('empty')}</Text> : null}
        {fields.map((f, index) => {
          const n = index + 1;
          return (
            <Fieldset key={f.id ?? `new-${index}`} legend={t('fieldTitle', { n })}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={t('fields.field', { n })}
                    description={t('fields.fieldHint')}
                    withAsterisk
                    maxLength={40}
                    {...form.getInputProps(`fields.${index}.field`)}
                  />
                  <TextInput
                    label={t('fields.label', { n })}
                    withAsterisk
                    maxLength={EFORM_LABEL_MAX}
                    {...form.getInputProps(`fields.${index}.label`)}
                  />
                  <Select
                    label={t('fields.inputType', { n })}
                    withAsterisk
                    allowDeselect={false}
                    data={EFORM_INPUT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                    {...form.getInputProps(`fields.${index}.inputType`)}
                  />
                  <TextInput
                    label={t('fields.placeholder', { n })}
                    {...text(`fields.${index}.placeholder`)}
                  />
                  <TextInput
                    label={t('fields.regex', { n })}
                    description={t('fields.regexHint')}
                    maxLength={EFORM_REGEX_MAX}
                    ff="monospace"
                    {...text(`fields.${index}.regex`)}
                  />
                  <TextInput
                    label={t('fields.validationMessage', { n })}
                    {...text(`fields.${index}.validationMessage`)}
                  />
                </SimpleGrid>
                {isChoiceType(f.inputType) ? (
                  <TagsInput
                    label={t('fields.options', { n })}
                    description={t('fields.optionsHint')}
                    withAsterisk
                    {...form.getInputProps(`fields.${index}.options`)}
                  />
                ) : null}
                <Group justify="space-between">
                  <Switch
                    label={t('fields.required', { n })}
                    {...form.getInputProps(`fields.${index}.required`, { type: 'checkbox' })}
                  />
                  <Group gap={4}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('actions.up', { n })}
                      disabled={index === 0}
                      onClick={() => form.reorderListItem('fields', { from: index, to: index - 1 })}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('actions.down', { n })}
                      disabled={index === fields.length - 1}
                      onClick={() => form.reorderListItem('fields', { from: index, to: index + 1 })}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('actions.remove', { n })}
                      onClick={() => form.removeListItem('fields', index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={fields.length >= EFORM_FIELDS_MAX}
            onClick={() => form.insertListItem('fields', { ...NEW_FIELD })}
          >
            {t('actions.add')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
