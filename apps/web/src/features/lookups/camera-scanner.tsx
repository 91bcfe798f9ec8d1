import { useEffect, useRef } from 'react';
import { toast } from '../../lib/toast.js';
import { NO_CAMERA } from './scan-code.js';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (o: { formats: string[] }) => Detector;
  }
}

/** The back camera in a full-screen layer, read a few times a second until a code shows. */
export default function CameraScanner({ onText, onClose }: { onText: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = window.BarcodeDetector ? new window.BarcodeDetector({ formats: ['qr_code'] }) : null;
    async function tick() {
      if (stopped || !detector || !video.current) return;
      const found = await detector.detect(video.current).catch(() => []);
      if (found[0]) onText(found[0].rawValue);
      else timer = setTimeout(() => void tick(), 300);
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => {
        toast(NO_CAMERA);
        onClose();
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onText, onClose]);
  return (
    <div className="lookup-camera" role="dialog" aria-label="扫描二维码">
      <video ref={video} muted playsInline />
      <p>将二维码放入框内，即可自动扫描</p>
      <button type="button" onClick={onClose}>
        取消
      </button>
    </div>
  );
}
