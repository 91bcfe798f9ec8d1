/**
 * A poster for a video: the frame at `atSeconds`, drawn on a canvas and returned as a JPEG file. Fails (rejects) when
 * the video cannot be loaded or its server does not allow reading its pixels (CORS): then the poster is uploaded.
 */
export function videoFrame(url: string, atSeconds = 1): Promise<File> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.crossOrigin = 'anonymous';
    video.muted = true;
    video.preload = 'auto';
    const fail = () => reject(new Error('无法从该视频截取画面（视频无法加载或不允许跨域读取），请直接上传封面图'));
    const timer = window.setTimeout(fail, 15_000);
    video.onerror = () => {
      window.clearTimeout(timer);
      fail();
    };
    video.onloadedmetadata = () => {
      video.currentTime = Math.min(atSeconds, Math.max(0, (video.duration || 0) / 2));
    };
    video.onseeked = () => {
      window.clearTimeout(timer);
      try {
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        canvas.getContext('2d')!.drawImage(video, 0, 0);
        canvas.toBlob((blob) => (blob ? resolve(new File([blob], 'poster.jpg', { type: 'image/jpeg' })) : fail()), 'image/jpeg', 0.9);
      } catch {
        fail();
      }
    };
    video.src = url;
  });
}
