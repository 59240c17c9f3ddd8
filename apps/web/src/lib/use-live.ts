import { useEffect, useReducer, useRef, useState } from 'react';
import type { LiveEventType } from '@antrean/shared/live/topics';
import { LiveConnection, type LiveStatus } from './live';

let shared: LiveConnection | null = null;
let users = 0;

/** The screen's one live connection, opened on first use and closed when the last user leaves. */
function acquire(): LiveConnection {
  shared ??= new LiveConnection();
  users += 1;
  return shared;
}

function release(): void {
  users -= 1;
  if (users <= 0 && shared) {
    shared.close();
    shared = null;
    users = 0;
  }
}

export function useLiveStatus(): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    const connection = acquire();
    setStatus(connection.getStatus());
    const off = connection.onStatus(setStatus);
    return () => {
      off();
      release();
    };
  }, []);
  return status;
}

export type LiveMessage =
  { kind: 'snapshot'; data: unknown } | { kind: 'event'; type: LiveEventType; data: unknown };

export interface LiveTopicState<T> {
  state: T | undefined;
  error: string | null;
  /** Increases on every snapshot or event: handy to invalidate queries. */
  version: number;
}

/**
 * Subscribes a screen to a topic and folds the snapshot and events into state with `reduce`.
 * Pass `null` to subscribe to nothing (e.g. while the branch is not chosen yet).
 */
export function useLiveTopic<T>(
  topic: string | null,
  reduce: (state: T | undefined, message: LiveMessage) => T,
): LiveTopicState<T> {
  const reduceRef = useRef(reduce);
  reduceRef.current = reduce;
  const [value, dispatch] = useReducer(
    (
      current: LiveTopicState<T>,
      action: LiveMessage | { kind: 'error'; code: string } | { kind: 'reset' },
    ): LiveTopicState<T> => {
      if (action.kind === 'reset') return { state: undefined, error: null, version: 0 };
      if (action.kind === 'error') return { ...current, error: action.code };
      return { state: reduceRef.current(current.state, action), error: null, version: current.version + 1 };
    },
    { state: undefined, error: null, version: 0 },
  );
  useEffect(() => {
    dispatch({ kind: 'reset' });
    if (!topic) return undefined;
    const connection = acquire();
    const off = connection.subscribe(topic, {
      onSnapshot: (data) => dispatch({ kind: 'snapshot', data }),
      onEvent: (type, data) => dispatch({ kind: 'event', type, data }),
      onError: (code) => dispatch({ kind: 'error', code }),
    });
    return () => {
      off();
      release();
    };
  }, [topic]);
  return value;
}

/** Access to the shared connection (e.g. a display acknowledging an announcement). */
export function useLiveConnection(): LiveConnection | null {
  const ref = useRef<LiveConnection | null>(null);
  const [, force] = useState(0);
  useEffect(() => {
    ref.current = acquire();
    force((n) => n + 1);
    return () => {
      ref.current = null;
      release();
    };
  }, []);
  return ref.current;
}
