import { session } from './storage';

/**
 * Screens are separate script and style files ("parts"). After a release, or on a flaky
 * connection, loading one can fail (a ChunkLoadError, or CSS_CHUNK_LOAD_FAILED for a style file). The usual
 * cure is one reload, which fetches the new index.html with the new file names.
 */

/** How long a part may take to load before it counts as failed: 2 minutes, for slow links. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const RELOAD_KEY = 'antrean.chunk-reload-at';
/** At most one automatic reload in this window, so a persistent failure cannot loop. */
const RELOAD_GUARD_MS = 5 * 60_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly kind: 'script' | 'style';

  constructor(message: string, kind: 'script' | 'style', options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

const SCRIPT_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed|ChunkLoadError/i;
const STYLE_FAILURE = /Unable to preload CSS|CSS_CHUNK_LOAD_FAILED|Loading CSS chunk/i;

/** Whether an error means a script or style part could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return (
    SCRIPT_FAILURE.test(error.message) || STYLE_FAILURE.test(error.message) || error.name === 'ChunkLoadError'
  );
}

/** Normalises a failed dynamic import into a ChunkLoadError (other errors pass through). */
function toChunkLoadError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error('Loading a part failed', { cause: error });
  if (error instanceof ChunkLoadError || !isChunkLoadError(error)) return error;
  return new ChunkLoadError(error.message, STYLE_FAILURE.test(error.message) ? 'style' : 'script', {
    cause: error,
  });
}

/** Rejects with a ChunkLoadError when a part takes longer than the loading timeout. */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading a part timed out after ${String(timeoutMs)} ms`, 'script'));
    }, timeoutMs);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error));
      },
    );
  });
}

/** Whether an automatic reload may be tried now (read only). */
export function isAutomaticReloadAllowed(now: number = Date.now()): boolean {
  const last = Number(session.get(RELOAD_KEY));
  return !(Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS);
}

/**
 * Whether an automatic reload may be tried now; records the attempt. Guarded through
 * sessionStorage so a part that keeps failing shows the error page instead of reloading forever.
 */
export function claimAutomaticReload(now: number = Date.now()): boolean {
  if (!isAutomaticReloadAllowed(now)) return false;
  session.set(RELOAD_KEY, String(now));
  return true;
}
