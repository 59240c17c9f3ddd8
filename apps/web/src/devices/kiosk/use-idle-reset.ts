import { useEffect, useRef } from 'react';

/** Back to the start after `idleSeconds` without a touch (not while a request is on its way). */
export function useIdleReset(
  atStart: boolean,
  idleSeconds: number,
  busy: () => boolean,
  reset: () => void,
  now: () => number,
) {
  const lastActivity = useRef(0);
  useEffect(() => {
    const touch = () => {
      lastActivity.current = now();
    };
    touch();
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, touch, true);
    const timer = setInterval(() => {
      if (atStart || busy()) return;
      if (now() - lastActivity.current >= Math.max(5, idleSeconds) * 1000) reset();
    }, 1000);
    return () => {
      for (const name of events) window.removeEventListener(name, touch, true);
      clearInterval(timer);
    };
  }, [atStart, idleSeconds, busy, reset, now]);
}
