import { useMemo, useState } from 'react';
import { selPlatData, selPlatMaterialList, type Material } from '@shop/contract/content-area';
import { PAGE_SIZE } from '@shop/contract/paging';
import { PageState } from '../../components/page-state.js';
import { opPages, PagedList } from '../../components/paged-list.js';
import { opKey, useOp } from '../../lib/query.js';
import { MaterialCard } from './material-card.js';
import './content.css';

/** /source (spec 3 §2): the material centre, tabs by classification, paged materials of the chosen one. */
export default function SourcePage() {
  const data = useOp(selPlatData, { storeType: 1 });
  const [picked, setPicked] = useState<number | null>(null);
  return (
    <div className="page content-page">
      <PageState query={data} isEmpty={(d) => d.ortherList.length === 0}>
        {({ obj: store, ortherList: tabs }) => {
          const classifyId = picked ?? tabs[0]!.classifyId;
          return (
            <>
              <div className="content-tabs" role="tablist">
                {tabs.map((t) => (
                  <button key={t.classifyId} type="button" role="tab" aria-selected={t.classifyId === classifyId} className={t.classifyId === classifyId ? 'active' : undefined} onClick={() => setPicked(t.classifyId)}>
                    {t.classifyName}
                  </button>
                ))}
              </div>
              <Materials classifyId={classifyId} store={store} />
            </>
          );
        }}
      </PageState>
    </div>
  );
}

function Materials({ classifyId, store }: { classifyId: number; store: { storeName: string; storeImgUrl: string } }) {
  const fetchPage = useMemo(
    () => opPages<typeof selPlatMaterialList, Material>(selPlatMaterialList, (pageNum) => ({ materialClassifyId: classifyId, phonePage: { pageSize: PAGE_SIZE, pageNum } })),
    [classifyId],
  );
  // Relative times are read against the time the list was shown.
  const now = useMemo(() => Date.now(), []);
  return (
    <PagedList<Material>
      queryKey={opKey(selPlatMaterialList, { materialClassifyId: classifyId })}
      fetchPage={fetchPage}
      keyOf={(m) => m.id}
      render={(m) => <MaterialCard m={m} store={store} now={now} />}
    />
  );
}
