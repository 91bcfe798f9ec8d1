import { useEffect, useState } from 'react';
import { CascadePicker } from '../../components/ui.js';
import { FormRow } from '../../components/form-row.js';

type Data = typeof import('./region-data.js');

/** Province and city by six-digit codes; the region data loads with the page. */
export function AreaPicker({ provinceCode, cityCode, onChange }: { provinceCode: string; cityCode: string; onChange: (p: string, c: string) => void }) {
  const [data, setData] = useState<Data | null>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let live = true;
    import('./region-data.js').then((m) => live && setData(m), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  const label = data ? data.areaLabel(provinceCode, cityCode) : '';
  return (
    <FormRow label="所在地区">
      <button type="button" className="picker-value" onClick={() => setVisible(true)}>
        {label || <span className="muted">请选择省市</span>}
      </button>
      <CascadePicker
        title="选择省市"
        options={data?.areaOptions ?? []}
        loading={!data}
        visible={visible}
        value={[provinceCode, cityCode].filter(Boolean)}
        onClose={() => setVisible(false)}
        onConfirm={(codes) => {
          const [p = '', c = ''] = codes.map((v) => (v == null ? '' : String(v)));
          onChange(p, c);
        }}
      />
    </FormRow>
  );
}
