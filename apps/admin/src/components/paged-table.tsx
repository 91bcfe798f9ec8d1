import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { Operation, OpInput } from '@shop/contract/operation';
import { call, type Reply } from '../lib/api.js';

const PAGE_SIZE = 20;

type Paged = { objs: unknown[]; obj: { phonePage: { pageTotal: number; pageSize: number }; total?: number; totalCapped?: boolean } };

/**
 * A server-paged list for an antd Table: the operation is called with `phonePage` plus the filters; changing a filter
 * goes back to page 1. Lists without `total` count pages × size. Errors stay visible (the caller shows `error`).
 */
export function usePagedOp<O extends Operation, Row>(
  op: O,
  filters: Omit<OpInput<O>, 'phonePage'>,
  opts: { pageSize?: number; enabled?: boolean; refetchInterval?: number } = {},
) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: opts.pageSize ?? PAGE_SIZE, key: JSON.stringify(filters) });
  const key = JSON.stringify(filters);
  const current = page.key === key ? page : { ...page, pageNum: 1, key };
  const query = useQuery({
    queryKey: [op.name, key, current.pageNum, current.pageSize],
    queryFn: () => call(op, { ...filters, phonePage: { pageNum: current.pageNum, pageSize: current.pageSize } } as OpInput<O>),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
    refetchInterval: opts.refetchInterval,
  });
  const data = query.data as (Reply<O> & Paged) | undefined;
  const total = data ? (data.obj.total ?? data.obj.phonePage.pageTotal * data.obj.phonePage.pageSize) : 0;
  const pagination: TablePaginationConfig = {
    current: current.pageNum,
    pageSize: current.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50],
    // A list counted up to a cap (the ledger, ADR 0048) says so: 共 10000+ 条; a narrower filter gives the exact count.
    showTotal: (n) => (data?.obj.totalCapped ? `共 ${n}+ 条` : `共 ${n} 条`),
  };
  const tableProps: Pick<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'onChange'> = {
    dataSource: (data?.objs ?? []) as Row[],
    loading: query.isFetching,
    pagination,
    onChange: (p) => setPage({ pageNum: p.current ?? 1, pageSize: p.pageSize ?? PAGE_SIZE, key }),
  };
  return { tableProps, query, reply: data, total };
}
