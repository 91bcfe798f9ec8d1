/**
 * antd-mobile's in-page parts (no popup, so without ui.ts's render hook), in a chunk of their own (ADR 0049): the page
 * state (loading, failed, empty) of every list no longer loads the whole antd-mobile chunk (`ui`, ~65 KB gzip) — an
 * empty list's "暂无…" was the largest paint of /orders and waited for it.
 */
export { ErrorBlock, Skeleton } from 'antd-mobile';
