import { lazy, Suspense, useState } from 'react';
import { LOOKUP_MESSAGES } from '@shop/contract/lookups';
import { toast } from '../../lib/toast.js';
import { scanInWechat, wechatBridge } from '../../lib/wechat-bridge.js';
import { NO_CAMERA, scannedCode } from './scan-code.js';

const CameraScanner = lazy(() => import('./camera-scanner.js'));

/**
 * 扫一扫: WeChat's scanner inside WeChat; outside it the camera (BarcodeDetector where the browser reads QR codes, jsQR
 * otherwise), or a hint to type the code where there is no camera. '二维码错误' for a text that holds no code.
 */
export function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const [camera, setCamera] = useState(false);
  const deliver = (text: string) => {
    const code = scannedCode(text);
    if (code) onCode(code);
    else toast(LOOKUP_MESSAGES.badQr);
  };
  async function start() {
    if (wechatBridge.kind === 'wechat') {
      const text = await scanInWechat().catch(() => null);
      if (text !== null) deliver(text);
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      toast(NO_CAMERA);
      return;
    }
    setCamera(true);
  }
  return (
    <>
      <button type="button" className="lookup-scan" onClick={() => void start()}>
        扫一扫
      </button>
      {camera && (
        <Suspense fallback={null}>
          <CameraScanner
            onText={(text) => {
              setCamera(false);
              deliver(text);
            }}
            onClose={() => setCamera(false)}
          />
        </Suspense>
      )}
    </>
  );
}
