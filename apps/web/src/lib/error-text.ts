import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiErrorCode } from './api';

/** The code to show for any failure; anything that is not an API error counts as unexpected. */
function errorCodeOf(error: unknown): ApiErrorCode {
  return isApiError(error) ? error.code : 'UNEXPECTED_RESPONSE';
}

/** Renders a failure in the interface language from its code (`errors.<CODE>`). */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('common');
  return useCallback((error: unknown) => t(`errors.${errorCodeOf(error)}`), [t]);
}
