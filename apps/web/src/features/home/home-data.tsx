import { lazy, Suspense, useEffect, useState } from 'react';
import type { Operation, OpInput } from '@shop/contract/operation';
import type { PagedListProps, PagedQuery } from '../../components/paged-list.js';
import type PagedListViewType from '../../components/paged-list-view.js';
import { call, type Reply } from '../../lib/api.js';
import { loadQueryLayer, useOpening, useQueryLayer, type QueryKeyOf } from '../../app/opening-data.js';

/*
 * How /home reads its data (ADR 0014, ADR 0015 fifth pass): through the query layer once it has loaded, and during the
 * first paint, before it, from the answers the entry asked for (app/opening-data.ts). Which of the two a component
 * uses is fixed when it mounts: the query layout mounts the screen afresh when the layer arrives, so a component never
 * switches between them (and never calls a different set of hooks).
 */

const PagedListView = lazy(() => import('../../components/paged-list-view.js')) as unknown as typeof PagedListViewType;

/** The query layer if it was here when the component mounted; asks for it when the first paint has no answer to show. */
function useMountedLayer(answerMissing: boolean) {
  const now = useQueryLayer();
  const [layer] = useState(now);
  useEffect(() => {
    if (!layer && answerMissing) void loadQueryLayer().catch(() => undefined);
  }, [layer, answerMissing]);
  return layer;
}

/** `useOp` of the query layer; before it, the opening answer (pending until it arrives). */
export function useHomeOp<O extends Operation>(op: O, input: OpInput<O>, options: { enabled?: boolean } = {}) {
  const key: QueryKeyOf = [op.path, input];
  const answer = useOpening(key);
  const layer = useMountedLayer(options.enabled !== false && (!answer || answer.status === 'error'));
  if (layer) return layer.useOp(op, input, options);
  const data = answer?.status === 'success' ? (answer.data as Reply<O>) : undefined;
  // Before the layer a refetch (a tap that needs the answer) waits for the layer and reads its cache.
  const refetch = async () => {
    const { queryClient } = await loadQueryLayer();
    return { data: await queryClient.fetchQuery({ queryKey: key, queryFn: () => call(op, input, { background: true, silent: true }) }) };
  };
  return { data, isError: false, refetch };
}

/** The query layer's `<PagedList>`; before it, the list's first page from the opening answer, in the same view. */
export function HomePagedList<T>(props: PagedListProps<T>) {
  const answer = useOpening(props.queryKey);
  const layer = useMountedLayer(!answer || answer.status === 'error');
  if (layer) return <layer.PagedList {...(props as PagedListProps<unknown>)} />;
  const { queryKey, fetchPage, ...view } = props;
  void fetchPage;
  const data = answer?.status === 'success' ? (answer.data as { pages: { items: T[]; pageTotal: number }[] }) : undefined;
  const first = data?.pages[0];
  // Pull-to-refresh and the next page wait for the layer; the list is then mounted afresh and pages on through it.
  const takeOver = async () => {
    const { queryClient } = await loadQueryLayer();
    await queryClient.refetchQueries({ queryKey });
  };
  const paged = {
    query: {
      isPending: !data,
      isError: false,
      data,
      error: null,
      isRefetching: false,
      hasNextPage: Boolean(first && first.pageTotal > 1),
      refetch: takeOver,
      fetchNextPage: () => loadQueryLayer(),
    },
    refresh: takeOver,
    items: first?.items ?? [],
  } as unknown as PagedQuery<T>;
  return (
    <Suspense fallback={view.skeleton ?? null}>
      <PagedListView paged={paged} {...view} />
      <LoadLayerAfterPaint shown={Boolean(data)} />
    </Suspense>
  );
}

/** Commits with the list's view (same boundary): once the first page is on screen, the query layer loads after the paint. */
function LoadLayerAfterPaint({ shown }: { shown: boolean }) {
  useEffect(() => {
    if (!shown) return;
    const frame = requestAnimationFrame(() => setTimeout(() => void loadQueryLayer().catch(() => undefined), 0));
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return null;
}
