import { Image, Space, Typography } from 'antd';

/** The voucher images (signed links joined by commas), previewed together: the history list and the approve dialogs (ADR 0030). */
export function VoucherImages({ urls }: { urls: string }) {
  const list = urls.split(',').filter(Boolean);
  if (list.length === 0) return <Typography.Text style={{ color: '#595959' }}>无凭证</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {list.map((src, i) => (
          <Image key={src} src={src} width={40} height={40} style={{ objectFit: 'cover' }} alt={`打款凭证${i + 1}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
