import type { useT } from '../common/i18n';
import type catalogues from '../../locales-devices/onsite.json';

type T = ReturnType<typeof useT<typeof catalogues>>['t'];

/** What an on-site page shows before its data came: "loading", or the network error with a retry. */
export function LoadState({ failed, onRetry, t }: { failed: boolean; onRetry: () => void; t: T }) {
  return failed ? (
    <>
      <p role="alert">{t('error.network')}</p>
      <button type="button" className="os-btn" onClick={onRetry}>
        {t('retry')}
      </button>
    </>
  ) : (
    <p role="status">{t('loading')}</p>
  );
}
