import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

interface Tab {
  readonly value: number;
  readonly title: string;
}

/** The tab in the query (`?tab=`), else the first; switching replaces the entry so back leaves the screen. */
export function useTab(tabs: readonly Tab[]) {
  const [params, setParams] = useSearchParams();
  const value = tabs.find((t) => String(t.value) === params.get('tab'))?.value ?? tabs[0]!.value;
  return [value, (v: number) => setParams(v === tabs[0]!.value ? {} : { tab: String(v) }, { replace: true })] as const;
}

/** A row of tabs over one panel (the record screens). */
export function Tabs({ tabs, value, onChange, children }: { tabs: readonly Tab[]; value: number; onChange: (v: number) => void; children: ReactNode }) {
  return (
    <>
      <div className="funds-tabs" role="tablist">
        {tabs.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            aria-selected={t.value === value}
            className={t.value === value ? 'active' : undefined}
            onClick={() => onChange(t.value)}
          >
            {t.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tabs.find((t) => t.value === value)?.title}>
        {children}
      </div>
    </>
  );
}
