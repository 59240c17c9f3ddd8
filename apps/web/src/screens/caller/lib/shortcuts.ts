import type { CallerAction } from '@/features/queue/lib/ticket-actions';

/** True when keyboard input goes to a field (shortcuts stay off then). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return target.closest('[role="combobox"],[role="listbox"],[role="dialog"]') !== null;
}

const ACTION_KEYS: Readonly<Record<string, CallerAction>> = {
  r: 'recall',
  s: 'serve',
  h: 'hold',
  k: 'skip',
  f: 'finish',
  t: 'transfer',
};

/** What a key press asks for: call the next ticket, an action on the current one, or nothing. */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): 'callNext' | CallerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === 'F2' || key === 'n') return 'callNext';
  return ACTION_KEYS[key] ?? null;
}
