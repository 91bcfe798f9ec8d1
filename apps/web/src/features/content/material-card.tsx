import { MATERIAL_TYPE, type Material } from '@shop/contract/content-area';
import { ImageViewer } from '../../components/ui.js';
import { copyText } from './copy-text.js';
import { relativeTime } from './relative-time.js';

/** One material: the store as author, relative time, the text with 复制文字, images to preview or a looping video. */
export function MaterialCard({ m, store, now }: { m: Material; store: { storeName: string; storeImgUrl: string }; now: number }) {
  return (
    <article className="material-card">
      <header>
        {store.storeImgUrl ? <img className="material-avatar" src={store.storeImgUrl} alt="" /> : <span className="material-avatar" />}
        <span className="material-who">
          <strong>{store.storeName || '素材中心'}</strong>
          <time dateTime={m.createDate}>{relativeTime(m.createDate, now)}</time>
        </span>
      </header>
      {m.materialContent && <p className="material-text">{m.materialContent}</p>}
      {m.materialType === MATERIAL_TYPE.video && m.materialFileUrl ? (
        // spec 3 §9: the video plays by itself, muted, in a loop, inside the page.
        <video className="material-video" src={m.materialFileUrl} poster={m.videoPictureUrl || undefined} muted autoPlay loop playsInline controls />
      ) : (
        m.materialFileUrlArr.length > 0 && (
          <div className={`material-images n${Math.min(m.materialFileUrlArr.length, 3)}`}>
            {m.materialFileUrlArr.map((url, i) => (
              <button key={url + i} type="button" aria-label={`查看第${i + 1}张图片`} onClick={() => ImageViewer.Multi.show({ images: m.materialFileUrlArr, defaultIndex: i })}>
                <img src={url} alt="" loading="lazy" />
              </button>
            ))}
          </div>
        )
      )}
      {m.materialContent && (
        <button type="button" className="material-copy" onClick={() => void copyText(m.materialContent)}>
          复制文字
        </button>
      )}
    </article>
  );
}
