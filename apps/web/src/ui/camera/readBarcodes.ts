/**
 * Reads barcodes from the camera into a video element until stopped: the browser's own BarcodeDetector where it
 * exists (Chrome on Android), else ZXing (@zxing/browser, pure JavaScript: no download at run time), loaded only
 * now, when a camera scan was asked for, so no screen's first load carries it.
 */

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options?: { formats: string[] }) => Detector;

/** The formats a shop's goods and our own labels carry. */
const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf', 'qr_code'];

export async function readBarcodes(video: HTMLVideoElement, onCode: (code: string) => void): Promise<() => void> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    video.srcObject = stream;
    // Not awaited: a camera that is slow to give its first frame must not hold the reading back.
    void video.play().catch(() => undefined);
    const detector = new Native({ formats: FORMATS });
    let running = true;
    const look = async () => {
      if (!running) return;
      const [found] = await detector.detect(video).catch(() => []);
      if (found?.rawValue && running) onCode(found.rawValue);
      else setTimeout(() => void look(), 150);
    };
    void look();
    return () => {
      running = false;
      for (const track of stream.getTracks()) track.stop();
    };
  }
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const controls = await new BrowserMultiFormatReader().decodeFromConstraints(
    { video: { facingMode: 'environment' } },
    video,
    (result) => {
      if (result) onCode(result.getText());
    },
  );
  return () => controls.stop();
}
