// Which farm the operator area shows: ?farmId= on every operator URL, so a link or a reload keeps it.
// An operator chooses among their own farms (the inbox may show all of them at once); staff choose any
// farm of the network and must choose one before the inbox or settings can show anything.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { adminNetworkQueries } from '../../api/adminNetwork.ts';
import type { CurrentUser } from '../../api/auth.ts';
import { type ManagedFarm, operatorQueries } from '../../api/operator.ts';

export interface OperatorFarms {
  isStaff: boolean;
  /** The farm in the URL, or null (an operator's inbox then shows all their farms). */
  farmId: string | null;
  farms: ManagedFarm[];
  isPending: boolean;
  /** Loading the farms failed; for an operator a 404 says they run no farm yet. */
  error: Error | null;
  /** The path with the current farm kept on it. */
  href: (path: string, farmId?: string | null) => string;
}

export const FARM_PARAM = 'farmId';

export function useOperatorFarms(user: CurrentUser): OperatorFarms {
  const [searchParams] = useSearchParams();
  const isStaff = user.role === 'staff';
  const farmId = searchParams.get(FARM_PARAM);
  // Switching farms keeps the list on screen while the next farm loads.
  const own = useQuery({
    ...operatorQueries.farm(farmId),
    enabled: !isStaff,
    placeholderData: (previous) => previous,
  });
  const network = useQuery({ ...adminNetworkQueries.nodes(), enabled: isStaff });

  const farms: ManagedFarm[] = isStaff
    ? (network.data ?? [])
        .map((node) => ({ id: node.id, name: node.name, location: `${node.location}, ${node.state}` }))
        .sort((a, b) => a.name.localeCompare(b.name))
    : (own.data?.farms ?? []);
  const query = isStaff ? network : own;

  return {
    isStaff,
    farmId,
    farms,
    isPending: query.isPending,
    error: query.error,
    href: (path, chosen = farmId) => (chosen ? `${path}?${FARM_PARAM}=${encodeURIComponent(chosen)}` : path),
  };
}
