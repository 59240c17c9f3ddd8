/**
 * Web storage that never throws: private browsing modes, disabled cookies or a full quota make
 * `localStorage` / `sessionStorage` throw, and remembering a preference must never break a page.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

function wrap(pick: () => Storage): SafeStorage {
  return {
    get(key) {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick().setItem(key, value);
      } catch {
        // Storage unavailable: the value simply is not remembered.
      }
    },
    remove(key) {
      try {
        pick().removeItem(key);
      } catch {
        // Storage unavailable: nothing to remove.
      }
    },
  };
}

export const local = wrap(() => window.localStorage);
export const session = wrap(() => window.sessionStorage);

/** Reads a JSON value, returning undefined when it is missing or not valid JSON. */
export function readJson(storage: SafeStorage, key: string): unknown {
  const raw = storage.get(key);
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value;
  } catch {
    return undefined;
  }
}
