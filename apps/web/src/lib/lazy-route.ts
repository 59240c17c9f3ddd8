import type { ComponentType } from 'react';
import { withChunkTimeout } from './chunk-errors';

/**
 * A React Router `lazy` function for one screen: the screen's module is fetched when the route
 * is first visited ("screens load on demand"), with the part loading timeout (`CHUNK_LOAD_TIMEOUT_MS`), and a
 * failed load surfaces as a ChunkLoadError in the route's error boundary.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    const module = await withChunkTimeout(load());
    return { Component: pick(module) };
  };
}
