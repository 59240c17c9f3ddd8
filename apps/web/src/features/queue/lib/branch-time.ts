import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Clock times of a branch, written in the interface language. */
export interface BranchTimeFormat {
  /** 14.05 / 14:05 */
  time: (at: number) => string;
  /** 14.05.09 / 14:05:09 */
  timeWithSeconds: (at: number) => string;
  /** 25 Nov 2026 14.05 */
  dateTime: (at: number) => string;
}

/**
 * Formats instants as the clock on the branch's wall shows them: in the branch's time zone,
 * never the machine's (a caller's PC may be set to another zone). Until the branch (and so its
 * zone) is known, times are shown as "—".
 */
export function branchTimeFormat(language: string, timeZone: string | undefined): BranchTimeFormat {
  const locale = language === 'en' ? 'en-GB' : 'id-ID';
  const make = (options: Intl.DateTimeFormatOptions) => {
    if (!timeZone) return () => '—';
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    return (at: number) => format.format(at);
  };
  return {
    time: make({ hour: '2-digit', minute: '2-digit' }),
    timeWithSeconds: make({ hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    dateTime: make({ dateStyle: 'medium', timeStyle: 'short' }),
  };
}

export function useBranchTimeFormat(timeZone: string | undefined): BranchTimeFormat {
  const { i18n } = useTranslation();
  return useMemo(() => branchTimeFormat(i18n.language, timeZone), [i18n.language, timeZone]);
}
