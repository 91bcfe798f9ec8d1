import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Table, Typography } from 'antd';
import {
  NOTIFY_KIND_TEXT,
  TEMPLATE_SOURCES,
  TEMPLATE_SOURCE_TEXT,
  saveNotifyTemplates,
  selectNotifyTemplates,
  type NotifyKind,
  type NotifyTemplate,
  type TemplateSource,
} from '@shop/contract/notifications';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';

interface Row {
  kind: NotifyKind;
  templateId: string;
  /** 'first=title, keyword1=amount': the template's keys and the event field that fills each. */
  fields: string;
}

const toText = (fields: NotifyTemplate['fields']) => fields.map((f) => `${f.key}=${f.source}`).join(', ');

/** Parses the mapping text; null names the first part that is not `key=source`. */
function parse(text: string): { fields: NotifyTemplate['fields'] } | { error: string } {
  const parts = text.split(/[,，\s]+/).filter(Boolean);
  const fields: NotifyTemplate['fields'] = [];
  for (const p of parts) {
    const [key, source] = p.split('=');
    if (!key || !/^[A-Za-z0-9_]{1,32}$/.test(key) || !(TEMPLATE_SOURCES as readonly string[]).includes(source ?? '')) return { error: `字段"${p}"有误，格式为 模板字段=来源，例如 keyword1=amount` };
    fields.push({ key, source: source as TemplateSource });
  }
  if (fields.length > 10) return { error: '每个模板最多10个字段' };
  return { fields };
}

/** 微信模板 (系统设置 of ADR 0037): per kind the template id of the official account and which event field fills each key. */
export function TemplatesPanel() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['selectNotifyTemplates'], queryFn: () => call(selectNotifyTemplates, {}) });
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    if (query.data) setRows(query.data.objs.map((t) => ({ kind: t.kind as NotifyKind, templateId: t.templateId, fields: toText(t.fields) })));
  }, [query.data]);
  const save = useMutation({
    mutationFn: (templates: NotifyTemplate[]) => call(saveNotifyTemplates, { version: query.data?.obj.version ?? 0, templates }),
    onSuccess: (r) => message.success(r.msg || '模板设置已保存'),
    onError: (e) => message.error(e instanceof Error ? e.message : '保存失败，请重试'),
    onSettled: () => client.invalidateQueries({ queryKey: ['selectNotifyTemplates'] }),
  });
  const set = (kind: NotifyKind, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.kind === kind ? { ...r, ...patch } : r)));
  function submit() {
    const templates: NotifyTemplate[] = [];
    for (const r of rows) {
      const parsed = parse(r.fields);
      if ('error' in parsed) return void message.error(`${NOTIFY_KIND_TEXT[r.kind]}：${parsed.error}`);
      templates.push({ kind: r.kind, templateId: r.templateId.trim(), fields: parsed.fields });
    }
    save.mutate(templates);
  }
  return (
    <>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="模板ID取自公众号后台「模板消息」；未填写模板ID的类型只发站内消息。"
        description={`可用来源：${TEMPLATE_SOURCES.map((s) => `${s}（${TEMPLATE_SOURCE_TEXT[s]}）`).join('、')}`}
      />
      <Table<Row>
        rowKey="kind"
        size="middle"
        loading={query.isLoading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: '消息类型', dataIndex: 'kind', width: 140, render: (k: NotifyKind) => NOTIFY_KIND_TEXT[k] },
          {
            title: '模板ID',
            key: 'templateId',
            width: 360,
            render: (_, r) => <Input value={r.templateId} maxLength={64} aria-label={`${NOTIFY_KIND_TEXT[r.kind]}的模板ID`} onChange={(e) => set(r.kind, { templateId: e.target.value })} />,
          },
          {
            title: '字段对应（模板字段=来源）',
            key: 'fields',
            render: (_, r) => <Input value={r.fields} aria-label={`${NOTIFY_KIND_TEXT[r.kind]}的字段对应`} onChange={(e) => set(r.kind, { fields: e.target.value })} />,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        消息打开商城中对应记录的页面；代理商可在"设置"中按类型关闭微信通知，站内消息始终保留。
      </Typography.Paragraph>
      <Button type="primary" onClick={submit} loading={save.isPending} disabled={!query.data}>
        保存模板设置
      </Button>
    </>
  );
}
