import { useQueryClient } from '@tanstack/react-query';
import { saveMyNotifyPref, selectMyNotifyPrefs, type NotifyKind } from '@shop/contract/notifications';
import { Switch } from '../../components/ui.js';
import { PageState } from '../../components/page-state.js';
import { call } from '../../lib/api.js';
import { opKey, useOp } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';

/**
 * /seeting's WeChat notifications (ADR 0037): each kind on or off for WeChat template messages; the message centre
 * keeps every message whatever is chosen here.
 */
export function NotifyPrefs() {
  const client = useQueryClient();
  const prefs = useOp(selectMyNotifyPrefs, {});
  async function change(kind: string, on: boolean) {
    try {
      await call(saveMyNotifyPref, { kind: kind as NotifyKind, wechatOn: on }, { background: true, quiet: true });
      await client.invalidateQueries({ queryKey: opKey(selectMyNotifyPrefs) });
    } catch (err) {
      toast(err instanceof Error && err.message ? err.message : '保存失败，请稍后重试');
    }
  }
  return (
    <section className="card settings-list notify-prefs" aria-labelledby="notify-prefs-title">
      <h2 id="notify-prefs-title" className="notify-prefs-title">
        微信消息通知
      </h2>
      <PageState query={prefs}>
        {({ objs, obj }) => (
          <>
            <p className="notify-prefs-note">{obj.wechatBound ? '关闭后仍可在"消息中心"查看。' : '在微信中打开本商城后即可接收微信通知；消息中心始终保留全部消息。'}</p>
            {objs.map((p) => (
              <div key={p.kind} className="settings-entry">
                <span id={`pref-${p.kind}`}>{p.kindText}</span>
                <Switch checked={p.wechatOn} onChange={(on) => void change(p.kind, on)} aria-labelledby={`pref-${p.kind}`} />
              </div>
            ))}
          </>
        )}
      </PageState>
    </section>
  );
}
