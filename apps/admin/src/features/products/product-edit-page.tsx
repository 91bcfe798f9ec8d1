import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { selectProductAdmin } from '@shop/contract/catalog-console';
import { selectAgentGrades } from '@shop/contract/staff-agents';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { QueryError } from '../../components/query-error.js';
import { ProductForm } from './product-form.js';
import { SpecsCard } from './specs-card.js';

/** 编辑商品 (/catalog/products/:prodId, 'new' for a new one): the product's fields, then its specs, stock and gifts. */
export default function ProductEditPage() {
  const { prodId: param } = useParams();
  const navigate = useNavigate();
  const isNew = param === 'new';
  const prodId = Number(param);
  const detail = useQuery({ queryKey: [selectProductAdmin.name, prodId], queryFn: () => call(selectProductAdmin, { prodId }), enabled: !isNew && prodId > 0 });
  const grades = useQuery({ queryKey: [selectAgentGrades.name], queryFn: () => call(selectAgentGrades, {}), enabled: isNew });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/catalog/products')}>
      返回商品列表
    </Button>
  );
  if (!isNew && !(prodId > 0)) return <Result status="404" title="商品不存在" extra={back} />;
  const q = isNew ? grades : detail;
  if (q.error) return <QueryError error={q.error} retry={() => q.refetch()} />;
  if (!q.data) return <Skeleton active />;
  const gradeList = isNew ? (grades.data?.objs ?? []).map((g) => ({ id: g.id, gradeName: g.gradeName })) : detail.data!.objs;
  const obj = isNew ? null : detail.data!.obj;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between">{back}</Flex>
      <ProductForm
        key={obj ? `${obj.prodId}` : 'new'}
        detail={obj}
        grades={gradeList}
        editable={staffSession.may('saveProduct')}
        onSaved={(id) => (isNew ? navigate(`/catalog/products/${id}`, { replace: true }) : void detail.refetch())}
      />
      {obj ? <SpecsCard detail={obj} grades={gradeList} onChanged={() => void detail.refetch()} /> : <Result status="info" title="保存商品后即可添加规格、等级价和库存" />}
    </Flex>
  );
}
