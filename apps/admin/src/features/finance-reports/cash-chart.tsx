import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

interface Day {
  day: string;
  moneyIn: string;
  moneyOut: string;
  depositsHeld: string;
}

/** The cash report's chart: money in and out per day (bars), the deposits held at each day's end (line). */
export function CashChart({ days }: { days: Day[] }) {
  const data = days.map((d) => ({ day: d.day.slice(5), 收入: Number(d.moneyIn), 支出: Number(d.moneyOut), 日末合规金: Number(d.depositsHeld) }));
  return (
    <div style={{ width: '100%', height: 300 }} role="img" aria-label="资金日报图表：每日收入、支出与日末合规金">
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 24, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => `¥${v}`} />
          <Tooltip formatter={(value) => `¥${Number(value).toFixed(2)}`} />
          <Legend />
          <Bar dataKey="收入" fill="#0a7d52" radius={[3, 3, 0, 0]} />
          <Bar dataKey="支出" fill="#cf1322" radius={[3, 3, 0, 0]} />
          <Line dataKey="日末合规金" stroke="#fa8c16" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
