import { useEffect, useRef } from 'react';
import type { CallerAction } from '@/features/queue/lib/ticket-actions';
import { shortcutOf } from '../lib/shortcuts';

/**
 * Keyboard shortcuts of the caller screen (not while typing). `handle` gets what the key asks
 * for and returns true when it acted (the key's default is then prevented).
 */
export function useCallerShortcuts(handle: (shortcut: CallerAction | 'callNext') => boolean): void {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (shortcut && latest.current(shortcut)) event.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
