/** A route whose screen comes with a later release: its title and a plain note. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="page placeholder-page">
      <h2>{title}</h2>
      <p className="muted">该功能即将上线，敬请期待</p>
    </div>
  );
}
