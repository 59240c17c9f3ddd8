import { useEffect, useRef } from 'react';
import { useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@antrean/shared/i18n/lang';
import { localizeIssues } from '@antrean/shared/i18n/validation';
import type { ApiError } from './api';
import { currentLanguage } from './i18n';

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

export type ZodFormOptions<S extends FormSchema> = Omit<
  UseFormInput<z.input<S>, z.output<S>>,
  'validate' | 'transformValues' | 'initialValues'
> & { initialValues: z.input<S> };

/**
 * A Mantine form validated by the same zod schema the server uses, with messages localized by
 * the shared `localizeIssues` in the interface language. Submit handlers receive the parsed
 * (trimmed, coerced) output. Visible errors are re-rendered when the language changes.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: ZodFormOptions<S>,
): UseFormReturnType<z.input<S>, z.output<S>> {
  const { i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  const form = useForm<z.input<S>, z.output<S>>({
    ...options,
    validate: (values) => {
      const result = schema.safeParse(values);
      return result.success ? {} : localizeIssues(result.error.issues, currentLanguage(), values);
    },
    transformValues: (values) => schema.parse(values),
  });

  const shownLang = useRef(lang);
  useEffect(() => {
    // Only a language change re-renders the visible messages (the form object changes every render).
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [lang, form]);

  return form;
}

/** Puts the server's field errors (`details.fields`) on the matching inputs; returns whether any matched. */
export function applyServerFieldErrors<V extends Record<string, unknown>, T>(
  form: UseFormReturnType<V, T>,
  error: ApiError,
): boolean {
  let matched = false;
  const known = new Set(Object.keys(form.getValues()));
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const root = path.split('.')[0] ?? path;
    if (!known.has(root)) continue;
    errors[path] = message;
    matched = true;
  }
  if (matched) form.setErrors(errors);
  return matched;
}
