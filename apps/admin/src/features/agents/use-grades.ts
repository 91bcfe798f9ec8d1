import { useQuery } from '@tanstack/react-query';
import { selectAgentGrades } from '@shop/contract/staff-agents';
import { call } from '../../lib/api.js';

/** The platform's grades, lowest first (filters and the grade change), as Select options. */
export function useGrades() {
  const query = useQuery({ queryKey: ['selectAgentGrades'], queryFn: () => call(selectAgentGrades, {}), staleTime: 60_000 });
  const options = (query.data?.objs ?? []).map((g) => ({ value: g.id, label: g.gradeName }));
  return { ...query, options };
}
