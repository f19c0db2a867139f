import { useEffect, useRef, useState } from 'react';
import { cameraText } from './cameraText.ts';

/**
 * A camera button beside a code field (phones: sales, purchases, counts, the item search): it opens the camera, and
 * the first barcode read is handed over as a scanner's code would be. Shown only where the browser has a camera API.
 */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const handOver = useRef(onCode);
  handOver.current = onCode;
  useEffect(() => {
    const video = videoRef.current;
    if (!open || !video) return;
    let stop: (() => void) | undefined;
    let done = false;
    import('./readBarcodes.ts')
      .then(({ readBarcodes }) =>
        readBarcodes(video, (code) => {
          if (done) return;
          done = true;
          setOpen(false);
          handOver.current(code);
        }),
      )
      .then((stopReading) => {
        stop = stopReading;
        if (done) stopReading();
      })
      .catch(() => setFailed(true));
    return () => {
      done = true;
      stop?.();
    };
  }, [open]);
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return (
    <>
      <button
        type="button"
        className="plain-button outline camera-button"
        data-testid="camera-scan"
        aria-label={cameraText.scan}
        title={cameraText.scan}
        onClick={() => {
          setFailed(false);
          setOpen(true);
        }}
      >
        {/* Drawn here, not an emoji: a phone or a desktop without an emoji font showed an empty box. */}
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor">
          <path strokeWidth="1.8" strokeLinejoin="round" d="M4 8h3l2-2.5h6L17 8h3v11H4z" />
          <circle cx="12" cy="13.2" r="3.6" strokeWidth="1.8" />
        </svg>
      </button>
      {open && (
        <div className="question-backdrop">
          <div className="question camera" role="dialog" aria-modal="true" aria-label={cameraText.title}>
            <p>{failed ? cameraText.failed : cameraText.title}</p>
            <video ref={videoRef} muted playsInline data-testid="camera-video" />
            <div className="question-buttons">
              <button type="button" className="plain-button outline" onClick={() => setOpen(false)}>
                {cameraText.close}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
