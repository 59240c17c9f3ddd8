import type { z } from 'zod';
import { LIVE_TOPICS, STAFF_EVENTS, type LiveEventOf, type LiveMessageOf } from '@antrean/shared/live/events';
import { topic } from '@antrean/shared/live/topics';
import type { LiveMessage, LiveTopicRef } from './use-live';

/** A staff topic's event, typed by the shared event map (branch and counter topics carry the same). */
export type StaffLiveEvent = { kind: 'event' } & LiveEventOf<'branch'>;

/** Reads an event of a staff topic with the map's payload schema; undefined when it does not match. */
function readStaffEvent(message: Extract<LiveMessage, { kind: 'event' }>): StaffLiveEvent | undefined {
  const { type, data } = message;
  switch (type) {
    case 'queue.reset': {
      const parsed = STAFF_EVENTS[type].safeParse(data);
      return parsed.success ? { kind: 'event', type, data: parsed.data } : undefined;
    }
    case 'counter.updated': {
      const parsed = STAFF_EVENTS[type].safeParse(data);
      return parsed.success ? { kind: 'event', type, data: parsed.data } : undefined;
    }
    case 'catalog.changed': {
      const parsed = STAFF_EVENTS[type].safeParse(data);
      return parsed.success ? { kind: 'event', type, data: parsed.data } : undefined;
    }
    // Device topics only: staff topics never carry these.
    case 'display.updated':
    case 'kiosk.updated':
    case 'theme.updated':
    case 'fx.updated':
    case 'media.updated':
    case 'rates.updated':
    case 'voice.updated':
      return undefined;
    default: {
      const parsed = STAFF_EVENTS[type].safeParse(data);
      return parsed.success ? { kind: 'event', type, data: parsed.data } : undefined;
    }
  }
}

/** A reader for a staff topic whose snapshot has `snapshot`'s shape. */
function staffReader<S extends z.ZodType>(snapshot: S) {
  return (message: LiveMessage): { kind: 'snapshot'; data: z.infer<S> } | StaffLiveEvent | undefined => {
    if (message.kind === 'event') return readStaffEvent(message);
    const parsed = snapshot.safeParse(message.data);
    return parsed.success ? { kind: 'snapshot', data: parsed.data } : undefined;
  };
}

const readBranch = staffReader(LIVE_TOPICS.branch.snapshot);
const readCounter = staffReader(LIVE_TOPICS.counter.snapshot);

/** The staff topics, each with the reader of its messages (`useLiveTopicOf`). */
export const staffTopics = {
  branch: (branchId: string): LiveTopicRef<LiveMessageOf<'branch'>> => ({
    name: topic.branch(branchId),
    read: readBranch,
  }),
  counter: (counterId: string): LiveTopicRef<LiveMessageOf<'counter'>> => ({
    name: topic.counter(counterId),
    read: readCounter,
  }),
};
