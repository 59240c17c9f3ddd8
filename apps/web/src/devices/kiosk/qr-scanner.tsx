import { useEffect, useRef, useState } from 'react';
import type { T } from './kiosk-text';

export function useBarcodeDetector(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * BarcodeDetector is not in the DOM typings yet. A constructor can only be checked for being a
 * function at run time; its shape is the Shape Detection API's (`detect` → `{ rawValue }[]`).
 */
function isBarcodeDetectorClass(value: unknown): value is BarcodeDetectorClass {
  return typeof value === 'function';
}

/** Scans a booking QR with the camera (BarcodeDetector) and hands back its code. */
export function QrScanner({
  onCode,
  onClose,
  t,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
  t: T;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let cancelled = false;
    const Detector: unknown = Reflect.get(window, 'BarcodeDetector');
    // Only rendered when `useBarcodeDetector()` saw it; without it `new` threw before as well.
    if (!isBarcodeDetectorClass(Detector)) throw new TypeError('BarcodeDetector is not available');
    const detector = new Detector({ formats: ['qr_code'] });
    // mediaDevices is missing outside secure contexts (a kiosk on plain http).

    navigator.mediaDevices
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- mediaDevices is undefined outside secure contexts
      ?.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((s) => {
        if (cancelled) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream = s;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = s;
        void video.play().catch(() => undefined);
        timer = setInterval(() => {
          if (video.readyState < 2) return;
          detector
            .detect(video)
            .then((codes) => {
              // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- detectors may report codes without rawValue
              const raw = codes[0]?.rawValue?.trim();
              if (!raw) return;
              // A booking QR may carry the bare code or a URL ending with it.
              const code = /^https?:\/\//i.test(raw)
                ? (raw.split(/[/?#]/).filter(Boolean).pop() ?? raw)
                : raw;
              onCode(code.toUpperCase());
            })
            .catch(() => undefined);
        }, 400);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);
  return (
    <div className="kiosk-scanner">
      {failed ? (
        <p role="alert">{t('checkin.cameraFailed')}</p>
      ) : (
        <video
          ref={videoRef}
          className="kiosk-photo-video"
          muted
          playsInline
          aria-label={t('checkin.scanVideo')}
        />
      )}
      <button type="button" className="kiosk-btn" onClick={onClose}>
        {t('checkin.scanClose')}
      </button>
    </div>
  );
}
