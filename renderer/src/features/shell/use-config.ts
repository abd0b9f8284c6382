import { useQuery } from '@tanstack/react-query';
import { fetchConfig } from '../../api/config.api';
import { queryKeys } from '../../api/query-keys';

/** Deployment settings (brand, version); they change only with a redeploy. */
export const useConfig = () =>
  useQuery({ queryKey: queryKeys.config, queryFn: fetchConfig, staleTime: Infinity });
