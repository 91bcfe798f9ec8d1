/** One labelled line of a lookup answer. */
export function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="lookup-row">
      <span>{label}</span>
      <strong>{value || '—'}</strong>
    </div>
  );
}
