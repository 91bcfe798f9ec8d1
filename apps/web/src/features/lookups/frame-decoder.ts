/** Reads one frame of the camera video: the text of a QR code in it, or null. */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (o: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: DetectorClass;
  }
}

/** Frames are scaled down to this longest side before jsQR reads them: enough for a code held in the frame, and fast. */
const MAX_SIDE = 640;

/**
 * The browser's BarcodeDetector where it reads QR codes; otherwise jsQR on the frame drawn to a canvas. jsqr is
 * imported here, on demand, so it is only downloaded when the camera opens in a browser without a detector.
 */
export async function frameDecoder(): Promise<FrameDecoder> {
  const Native = window.BarcodeDetector;
  const formats = (await Native?.getSupportedFormats?.().catch(() => [])) ?? [];
  if (Native && formats.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: w, videoHeight: h } = video;
    if (!context || !w || !h) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
    const width = Math.round(w * scale);
    const height = Math.round(h * scale);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}
