import { useState } from 'react';
import { Button, Card, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { selectStaffList, type StaffMember } from '@shop/contract/staff-console';
import { STAFF_ROLE_NAMES, STAFF_ROLES, type StaffRole } from '@shop/contract/staff';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { staffSession } from '../../lib/session.js';
import { StaffDrawer } from './staff-drawer.js';

const ROLE_COLORS: Record<StaffRole, string> = { admin: 'red', finance: 'gold', warehouse: 'blue', service: 'cyan', operator: 'purple' };

/** 员工管理: the platform's staff, server-paged, searchable by account or name and role; a drawer to create or edit. */
export default function StaffPage() {
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<StaffRole | ''>('');
  const [editing, setEditing] = useState<{ member: StaffMember | null } | null>(null);
  const { tableProps, query } = usePagedOp<typeof selectStaffList, StaffMember>(selectStaffList, { keyword, role });
  const mayEdit = staffSession.may('saveStaff');
  const me = staffSession.get()?.staff.staffId;

  const columns: TableColumnsType<StaffMember> = [
    { title: '账号', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'displayName', render: (v: string, r) => (r.id === me ? <Space>{v}<Tag>我</Tag></Space> : v) },
    { title: '角色', dataIndex: 'role', render: (r: StaffRole) => <Tag color={ROLE_COLORS[r]}>{STAFF_ROLE_NAMES[r] ?? r}</Tag> },
    { title: '状态', dataIndex: 'enabled', render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    { title: '动态验证码', dataIndex: 'totpEnabled', render: (on: boolean) => (on ? <Tag color="green">已绑定</Tag> : <Tag color="orange">未绑定</Tag>) },
    { title: '创建时间', dataIndex: 'createDate' },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, r) =>
        mayEdit && (
          <Button type="link" onClick={() => setEditing({ member: r })} aria-label={`编辑 ${r.username}`}>
            编辑
          </Button>
        ),
    },
  ];

  return (
    <Card
      title="员工管理"
      extra={
        mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ member: null })}>
            新增员工
          </Button>
        )
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Input.Search placeholder="账号或姓名" allowClear onSearch={(v) => setKeyword(v.trim())} style={{ width: 240 }} />
        <Select
          value={role}
          onChange={setRole}
          style={{ width: 140 }}
          options={[{ value: '', label: '全部角色' }, ...STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_NAMES[r] }))]}
          aria-label="角色筛选"
        />
      </Space>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Table<StaffMember> rowKey="id" columns={columns} {...tableProps} />
      <StaffDrawer
        open={!!editing}
        member={editing?.member ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void query.refetch();
        }}
      />
    </Card>
  );
}
