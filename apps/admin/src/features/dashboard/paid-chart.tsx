import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

interface Day {
  date: string;
  paidOrders: number;
  paidAmount: string;
}

/** The last 30 days: paid orders (bars) and their amount in yuan (line). */
export function PaidChart({ days }: { days: Day[] }) {
  const data = days.map((d) => ({ date: d.date.slice(5), 订单数: d.paidOrders, 金额: Number(d.paidAmount) }));
  return (
    <div style={{ width: '100%', height: 320 }} aria-label="近30天支付订单">
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 24, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 12 }} />
          <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="amount" orientation="right" tick={{ fontSize: 12 }} tickFormatter={(v: number) => `¥${v}`} />
          <Tooltip formatter={(value, name) => (name === '金额' ? `¥${Number(value).toFixed(2)}` : String(value))} />
          <Legend />
          <Bar yAxisId="orders" dataKey="订单数" fill="#0a7d52" radius={[3, 3, 0, 0]} />
          <Line yAxisId="amount" dataKey="金额" stroke="#fa8c16" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
