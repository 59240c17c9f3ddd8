import { useEffect, useRef, useState } from 'react';

type CameraState = 'starting' | 'ready' | 'unavailable' | 'uploading' | 'failed';

/**
 * The customer's photo for services that ask for it: the kiosk camera through getUserMedia, sent
 * as multipart `photo` to the ticket. The visitor may always skip (no camera, or does not want to).
 */
export function PhotoStep({
  ticketId,
  kioskCode,
  onDone,
  labels,
}: {
  ticketId: string;
  kioskCode: string;
  onDone: () => void;
  labels: {
    title: string;
    hint: string;
    take: string;
    skip: string;
    next: string;
    unavailable: string;
    uploading: string;
    failed: string;
    video: string;
  };
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('starting');

  useEffect(() => {
    let cancelled = false;
    const media = navigator.mediaDevices;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- mediaDevices is undefined outside secure contexts
    if (!media || typeof media.getUserMedia !== 'function') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- no camera API: the effect reports it once
      setState('unavailable');
      return undefined;
    }
    media
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 } }, audio: false })
      .then((stream) => {
        if (cancelled) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        streamRef.current = stream;
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          void videoRef.current.play().catch(() => undefined);
        }
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('unavailable');
      });
    return () => {
      cancelled = true;
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      streamRef.current = null;
    };
  }, []);

  async function take() {
    const video = videoRef.current;
    if (!video) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 640;
    canvas.height = video.videoHeight || 480;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    setState('uploading');
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    if (!blob) {
      setState('failed');
      return;
    }
    const form = new FormData();
    form.append('photo', blob, 'photo.jpg');
    try {
      const response = await fetch(`/api/v1/tickets/${encodeURIComponent(ticketId)}/photo`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'X-Kiosk-Code': kioskCode },
        body: form,
      });
      if (!response.ok) throw new Error(String(response.status));
      onDone();
    } catch {
      setState('failed');
    }
  }

  return (
    <section className="kiosk-panel kiosk-photo" aria-labelledby="kiosk-photo-title">
      <h1 id="kiosk-photo-title">{labels.title}</h1>
      {state === 'unavailable' ? (
        <p>{labels.unavailable}</p>
      ) : (
        <>
          <p>{labels.hint}</p>
          <video ref={videoRef} className="kiosk-photo-video" muted playsInline aria-label={labels.video} />
        </>
      )}
      {state === 'uploading' && <p role="status">{labels.uploading}</p>}
      {state === 'failed' && (
        <p role="alert" className="kiosk-error">
          {labels.failed}
        </p>
      )}
      <div className="kiosk-actions">
        {state !== 'unavailable' && (
          <button
            type="button"
            className="kiosk-btn kiosk-btn-primary"
            disabled={state !== 'ready' && state !== 'failed'}
            onClick={() => void take()}
          >
            {labels.take}
          </button>
        )}
        <button type="button" className="kiosk-btn" onClick={onDone} disabled={state === 'uploading'}>
          {state === 'unavailable' ? labels.next : labels.skip}
        </button>
      </div>
    </section>
  );
}
