import type { LiveMessageOf } from '@antrean/shared/live/events';
import type { TopicKind } from '@antrean/shared/live/topics';
import type { LiveMessage } from '@/lib/use-live';

/**
 * A live message of a topic of kind `K`, typed by the shared event map (shared/live/events.ts).
 * The device apps load no schema: the server publishes against the map (a payload of another shape
 * does not compile) and its live tests check every frame against the map's schemas, so the screen
 * reads the message as the map types it instead of re-checking it with hand-written guards.
 */
export function readLiveMessage<K extends TopicKind>(_kind: K, message: LiveMessage): LiveMessageOf<K> {
  return message as LiveMessageOf<K>;
}
