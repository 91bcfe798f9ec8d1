import { useEffect, useRef, useState } from 'react';
import { Popup } from '../../components/ui.js';
import { toast } from '../../lib/toast.js';
import { frameDecoder } from './frame-decoder.js';
import { scanFrames } from './frame-loop.js';
import { CAMERA_REFUSED } from './scan-code.js';
import './camera-scanner.css';

interface Props {
  /** The first text read from a QR code; the scanner stops reading before it is called. */
  onText: (text: string) => void;
  /** 取消, or the camera could not be opened; the parent unmounts the scanner, which stops the camera. */
  onClose: () => void;
}

/**
 * The back camera in a full-screen sheet, read every ~150 ms (BarcodeDetector, else jsQR) until a QR code shows.
 * Loaded lazily by ScanButton, so neither this nor jsqr is part of any first screen.
 */
const FULL_SCREEN = { height: '100%' };

export default function CameraScanner({ onText, onClose }: Props) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  // The parent passes new callbacks on each render; the camera must not restart for that.
  const handlers = useRef({ onText, onClose });
  handlers.current = { onText, onClose };

  useEffect(() => {
    if (!video) return;
    let stream: MediaStream | null = null;
    let stopLoop = () => {};
    let closed = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (closed) return stream.getTracks().forEach((t) => t.stop());
        video.srcObject = stream;
        await video.play().catch(() => undefined); // muted inline video: a refused autoplay still shows frames
        const decode = await frameDecoder();
        if (closed) return;
        stopLoop = scanFrames(() => decode(video), (text) => handlers.current.onText(text));
      } catch {
        if (closed) return;
        toast(CAMERA_REFUSED);
        handlers.current.onClose();
      }
    })();
    return () => {
      closed = true;
      stopLoop();
      stream?.getTracks().forEach((t) => t.stop());
      video.srcObject = null;
    };
  }, [video]);

  return (
    <Popup visible position="bottom" bodyStyle={FULL_SCREEN} onClose={onClose} destroyOnClose>
      <div className="camera-scanner-inner" role="dialog" aria-modal="true" aria-label="扫描二维码">
        <video ref={setVideo} className="camera-scanner-video" muted playsInline autoPlay aria-label="摄像头画面" />
        <p className="camera-scanner-hint">将二维码放入框内，即可自动扫描</p>
        <button type="button" className="camera-scanner-cancel" onClick={onClose}>
          取消
        </button>
      </div>
    </Popup>
  );
}
