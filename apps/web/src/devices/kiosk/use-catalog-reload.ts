import { useEffect, useRef } from 'react';
import { useLiveTopic, type LiveMessage } from '@/lib/use-live';

/**
 * Counts what should make the kiosk read its services again: a `catalog.changed` of its branch
 * (a service deactivated, edited or no longer offered), a `kiosk.updated` of its own settings
 * (name, paper width, the services it offers), a `theme.updated` of its tenant (a new look) and
 * every snapshot after the first (a reconnect may have missed events).
 */
function countChanges(count: number | undefined, message: LiveMessage): number {
  if (
    message.kind === 'snapshot' ||
    message.type === 'catalog.changed' ||
    message.type === 'kiosk.updated' ||
    message.type === 'theme.updated'
  ) {
    return (count ?? 0) + 1;
  }
  return count ?? 0;
}

/**
 * The kiosk listens on `kiosk:<code>` and reloads its configuration when its branch's services
 * change, so a deactivated service leaves the screen at once (not at the next 30 s refresh).
 */
export function useCatalogReload(code: string, reload: () => void): void {
  const { state } = useLiveTopic(code ? `kiosk:${code}` : null, countChanges);
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (state === undefined) return;
    const first = seen.current === undefined;
    seen.current = state;
    // The first snapshot comes right after the configuration was loaded: nothing to re-read.
    if (!first) reload();
  }, [state, reload]);
}
