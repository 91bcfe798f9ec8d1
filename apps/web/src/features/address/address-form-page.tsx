import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { addressForm, getOrderLogisticsById, saveOrderLogisticsAddress, selectOrderLogisticsAddress, updateOrderLogisticsAddress } from '@shop/contract/address';
import { FLAG } from '@shop/contract/flags';
import { FormRow, SubmitButton, TextField } from '../../components/form-row.js';
import { call } from '../../lib/api.js';
import { setPickedAddress } from '../../lib/picked-address.js';
import { queryClient } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { validateForm } from '../../lib/validate.js';
import { NO_REGION, RegionPicker, type RegionValue } from './region-picker.js';

/** react-router's index of this entry: how many pages of ours lie behind it. */
const historyDepth = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/** /addressP: a new address, or with ?id= the edit of one (spec 2 §2, §5). */
export default function AddressFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const navigate = useNavigate();
  const [form, setForm] = useState({ receiverNmae: '', receiverPhone: '', address: '', postCode: '' });
  const [region, setRegion] = useState<RegionValue>(NO_REGION);
  const [isDefault, setIsDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    if (!id) return;
    call(getOrderLogisticsById, { id })
      .then(({ obj: a }) => {
        setForm({ receiverNmae: a.receiverNmae, receiverPhone: a.receiverPhone, address: a.address, postCode: a.postCode });
        setRegion({
          provinceCode: a.provinceCode,
          cityCode: a.cityCode,
          districtCode: a.districtCode,
          label: [a.province, a.city, a.district].filter(Boolean).join(' '),
        });
        setIsDefault(a.isDefAddr === FLAG.yes);
      })
      .catch(() => undefined);
  }, [id]);

  async function submit() {
    // spec 2 §5: saving is blocked while a save is running (and until the page has gone back).
    if (saving.current) return;
    const { label: _label, ...codes } = region;
    const values = validateForm(addressForm, { ...form, ...codes, isDefAddr: isDefault ? 1 : 0 });
    if (!values) return;
    saving.current = true;
    setBusy(true);
    try {
      const reply = id ? await call(updateOrderLogisticsAddress, { ...values, id }) : await call(saveOrderLogisticsAddress, values);
      toast(reply.msg || '操作成功');
      void queryClient.invalidateQueries({ queryKey: [selectOrderLogisticsAddress.path] });
      // A new address made while picking one for the settlement is the one picked: straight back there with it.
      const picking = !id && params.get('openType') === '1' && 'obj' in reply && !!reply.obj;
      if (picking) setPickedAddress((reply.obj as { id: number }).id);
      setTimeout(() => {
        if (picking) return historyDepth() >= 2 ? navigate(-2) : navigate('/settlement', { replace: true });
        return historyDepth() > 0 ? navigate(-1) : navigate('/address', { replace: true });
      }, 1000);
    } catch {
      // the api client showed the message
      saving.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="page address-form-page">
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="收货人" placeholder="请输入收货人姓名" maxLength={10} value={form.receiverNmae} onChange={set('receiverNmae')} />
        <TextField label="手机号码" placeholder="请输入手机号码" inputMode="tel" maxLength={11} value={form.receiverPhone} onChange={set('receiverPhone')} />
        <RegionPicker value={region} onChange={setRegion} />
        <TextField label="详细地址" placeholder="街道、楼牌号等" maxLength={100} value={form.address} onChange={set('address')} />
        <TextField label="邮政编码" placeholder="选填" inputMode="numeric" maxLength={6} value={form.postCode} onChange={set('postCode')} />
        <FormRow label="默认地址">
          <span className="switch-line">
            <span className="muted">设为默认收货地址</span>
            <input
              type="checkbox"
              role="switch"
              className="switch"
              aria-label="设为默认地址"
              checked={isDefault}
              onChange={(e) => setIsDefault(e.target.checked)}
            />
          </span>
        </FormRow>
        <SubmitButton busy={busy}>保存</SubmitButton>
      </form>
    </div>
  );
}
