import { useEffect, useState } from 'react';
import { FormRow } from '../../components/form-row.js';
import { CascadePicker, type CascadePickerOption } from '../../components/ui.js';

export interface RegionValue {
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  /** What the row shows: the names of the codes. */
  label: string;
}

export const NO_REGION: RegionValue = { provinceCode: '', cityCode: '', districtCode: '', label: '' };

/** Province / city / district by six-digit codes (spec 2 §3); the region data loads with the form, not before. */
export function RegionPicker({ value, onChange }: { value: RegionValue; onChange: (value: RegionValue) => void }) {
  const [visible, setVisible] = useState(false);
  const [options, setOptions] = useState<CascadePickerOption[] | null>(null);

  useEffect(() => {
    let live = true;
    import('./region-data.js')
      .then((m) => live && setOptions(m.regionOptions))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const picked = [value.provinceCode, value.cityCode, value.districtCode].filter(Boolean);
  return (
    <>
      <FormRow label="所在地区">
        <button type="button" className={value.label ? 'picker-value' : 'picker-value muted'} onClick={() => setVisible(true)}>
          {value.label || '请选择省市区'}
        </button>
      </FormRow>
      <CascadePicker
        title="选择省市区"
        options={options ?? []}
        loading={!options}
        visible={visible}
        value={picked}
        onClose={() => setVisible(false)}
        onConfirm={(codes, extend) => {
          const [provinceCode = '', cityCode = '', districtCode = ''] = codes.map((c) => (c == null ? '' : String(c)));
          const label = extend.items.map((item) => item?.label ?? '').filter(Boolean).join(' ');
          onChange({ provinceCode, cityCode, districtCode, label });
        }}
      />
    </>
  );
}
