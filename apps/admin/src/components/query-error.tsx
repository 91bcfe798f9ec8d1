import { Alert, Button } from 'antd';

/** A failed load says why and offers 重试 (never an empty table that looks like "nothing to do"). */
export function QueryError({ error, retry }: { error: unknown; retry: () => void }) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={error instanceof Error ? error.message : '加载失败'}
      action={
        <Button size="small" onClick={retry}>
          重试
        </Button>
      }
    />
  );
}
