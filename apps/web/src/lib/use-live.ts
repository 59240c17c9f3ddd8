import { useCallback, useEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react';
import type { LiveEventType } from '@antrean/shared/live/topics';
import { LiveConnection, type LiveStatus } from './live';

let shared: LiveConnection | null = null;
let users = 0;
const connectionListeners = new Set<() => void>();

/** The screen's one live connection, opened on first use and closed when the last user leaves. */
function acquire(): LiveConnection {
  if (!shared) {
    shared = new LiveConnection();
    for (const listener of connectionListeners) listener();
  }
  users += 1;
  return shared;
}

function release(): void {
  users -= 1;
  if (users <= 0 && shared) {
    shared.close();
    shared = null;
    users = 0;
    for (const listener of connectionListeners) listener();
  }
}

function subscribeConnection(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/** Keeps the shared connection open while the component is mounted. */
function useHoldConnection(): void {
  useEffect(() => {
    acquire();
    return release;
  }, []);
}

export function useLiveStatus(): LiveStatus {
  useHoldConnection();
  const subscribe = useCallback((onChange: () => void) => {
    const offConnection = subscribeConnection(onChange);
    let offStatus = shared?.onStatus(onChange);
    const offSwap = subscribeConnection(() => {
      offStatus?.();
      offStatus = shared?.onStatus(onChange);
    });
    return () => {
      offConnection();
      offSwap();
      offStatus?.();
    };
  }, []);
  return useSyncExternalStore(subscribe, () => shared?.getStatus() ?? 'connecting');
}

/** A message of a topic as it comes off the wire: the snapshot or one event, payload unread. */
export type LiveMessage =
  { kind: 'snapshot'; data: unknown } | { kind: 'event'; type: LiveEventType; data: unknown };

/**
 * A topic and how its messages are read into the shared event map's types
 * (`LiveMessageOf<kind>`, shared/live/events.ts): the staff app parses them with the map's
 * schemas (`lib/live-topics.ts`); a message that does not match is dropped.
 */
export interface LiveTopicRef<M> {
  name: string;
  read: (message: LiveMessage) => M | undefined;
}

export interface LiveTopicState<T> {
  state: T | undefined;
  error: string | null;
  /** Increases on every snapshot or event: handy to invalidate queries. */
  version: number;
}

interface Held<T> extends LiveTopicState<T> {
  topic: string | null;
}

type Action<M> = ({ kind: 'message'; message: M } | { kind: 'error'; code: string }) & { topic: string };

const readRaw = (message: LiveMessage): LiveMessage => message;

/**
 * Subscribes a screen to a topic and folds the snapshot and events, read by `ref.read`, into
 * state with `reduce`. Pass `null` to subscribe to nothing (e.g. while the branch is not chosen
 * yet). State of a previous topic is never shown for a new one.
 */
export function useLiveTopicOf<M, T>(
  ref: LiveTopicRef<M> | null,
  reduce: (state: T | undefined, message: M) => T,
): LiveTopicState<T> {
  const topic = ref?.name ?? null;
  // useReducer always uses the reducer of the latest render, so `reduce` needs no ref.
  const [held, dispatch] = useReducer(
    (current: Held<T>, action: Action<M>): Held<T> => {
      const base: Held<T> =
        current.topic === action.topic
          ? current
          : { topic: action.topic, state: undefined, error: null, version: 0 };
      if (action.kind === 'error') return { ...base, error: action.code };
      return {
        topic: action.topic,
        state: reduce(base.state, action.message),
        error: null,
        version: base.version + 1,
      };
    },
    { topic: null, state: undefined, error: null, version: 0 },
  );
  // The reader of the latest render, without resubscribing when the caller builds a new ref.
  const read = useRef(ref?.read);
  useEffect(() => {
    read.current = ref?.read;
  });
  useEffect(() => {
    if (!topic) return undefined;
    const connection = acquire();
    const deliver = (raw: LiveMessage) => {
      const message = read.current?.(raw);
      if (message !== undefined) dispatch({ kind: 'message', message, topic });
    };
    const off = connection.subscribe(topic, {
      onSnapshot: (data) => deliver({ kind: 'snapshot', data }),
      onEvent: (type, data) => deliver({ kind: 'event', type, data }),
      onError: (code) => dispatch({ kind: 'error', code, topic }),
    });
    return () => {
      off();
      release();
    };
  }, [topic]);
  if (held.topic !== topic) return { state: undefined, error: null, version: 0 };
  return { state: held.state, error: held.error, version: held.version };
}

/**
 * `useLiveTopicOf` on a topic by name with its messages unread (the device apps read them with
 * their own types, keeping their bundle free of schemas).
 */
export function useLiveTopic<T>(
  topic: string | null,
  reduce: (state: T | undefined, message: LiveMessage) => T,
): LiveTopicState<T> {
  const ref = useMemo(() => (topic ? { name: topic, read: readRaw } : null), [topic]);
  return useLiveTopicOf(ref, reduce);
}

/** The shared connection (e.g. a display acknowledging an announcement), null until it is open. */
export function useLiveConnection(): LiveConnection | null {
  useHoldConnection();
  return useSyncExternalStore(subscribeConnection, () => shared);
}
