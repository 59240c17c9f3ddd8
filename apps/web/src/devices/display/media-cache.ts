import { useEffect, useMemo, useRef, useState } from 'react';

/** The display's media kept on disk by the browser (Cache API): a network loss does not blank the screen. */
const MEDIA_CACHE = 'antrean-display-media-v1';

/** Where an item is played from: a local copy (`blob:`) once cached, or the network address. */
export type MediaSources = Readonly<Record<string, string>>;

function cacheStorage(): CacheStorage | null {
  // Only in a secure context (https, localhost): elsewhere the display streams from the network.
  return typeof globalThis.caches === 'undefined' ? null : globalThis.caches;
}

/**
 * A local copy of `url`: from the cache, else fetched whole and cached first (the answer is
 * immutable: a file id never changes its bytes). The blob comes back from the cache, so a large
 * video is a file-backed blob, not a copy in memory. Null when neither works (offline, never cached).
 */
async function localCopy(cache: Cache, url: string): Promise<Blob | null> {
  let cached = await cache.match(url);
  if (!cached) {
    try {
      const fresh = await fetch(url, { credentials: 'omit' });
      if (!fresh.ok) return null;
      await cache.put(url, fresh);
      cached = await cache.match(url);
    } catch {
      return null;
    }
  }
  return cached ? cached.blob() : null;
}

/**
 * The sources of the playlist's files: each one is ready once its local copy is (an item not
 * ready yet is not played, so nothing switches from the network to the copy mid-play); without
 * the Cache API every address is ready at once. A new playlist keeps the copies it shares with
 * the old one (the item on screen goes on playing); copies no longer in it are released and
 * leave the cache, so the disk holds the current playlist only.
 */
export function useMediaSources(urls: readonly string[]): MediaSources {
  const key = urls.join('\n');
  const [resolved, setResolved] = useState<Readonly<Record<string, string>>>({});
  const made = useRef(new Map<string, string>());
  useEffect(() => {
    const storage = cacheStorage();
    if (!storage) return undefined;
    const wanted = key === '' ? [] : key.split('\n');
    const run = { active: true };
    const copies = made.current;
    // Released: what left the playlist.
    for (const [url, source] of copies) {
      if (!wanted.includes(url)) {
        URL.revokeObjectURL(source);
        copies.delete(url);
      }
    }
    void (async () => {
      let cache: Cache;
      try {
        cache = await storage.open(MEDIA_CACHE);
      } catch {
        if (run.active) setResolved(Object.fromEntries(wanted.map((u) => [u, u])));
        return;
      }
      // One at a time, in playlist order: the first items play soonest, the link is not flooded.
      for (const url of wanted) {
        const kept = copies.get(url);
        if (kept) {
          setResolved((previous) => ({ ...previous, [url]: kept }));
          continue;
        }
        const blob = await localCopy(cache, url);
        if (!run.active) return;
        // Not cached and not fetchable: the network address (it may fail, and is then skipped).
        const source = blob ? URL.createObjectURL(blob) : url;
        if (blob) copies.set(url, source);
        setResolved((previous) => ({ ...previous, [url]: source }));
      }
      const keep = new Set(wanted.map((u) => new URL(u, location.href).href));
      for (const request of await cache.keys()) {
        if (!keep.has(request.url)) await cache.delete(request);
      }
    })();
    return () => {
      run.active = false;
    };
  }, [key]);
  useEffect(() => {
    const copies = made.current;
    return () => {
      for (const source of copies.values()) URL.revokeObjectURL(source);
      copies.clear();
    };
  }, []);
  // Without the Cache API every address is ready as it is; with it, the copies made so far.
  return useMemo(() => {
    const wanted = key === '' ? [] : key.split('\n');
    const storage = cacheStorage();
    return Object.fromEntries(
      wanted.flatMap((url) => {
        const source = storage ? resolved[url] : url;
        return source === undefined ? [] : [[url, source]];
      }),
    );
  }, [key, resolved]);
}
