/**
 * A shipment opened by address: `/shipment?open=<shipment id>` (what a shipment id links to
 * from the order screens) opens that shipment's drawer, whatever page, dates or search the list
 * shows. Closing the drawer takes `open` out of the address, so Back does not open it again.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Shipment } from '#shared/schemas/shipment';
import { queryKeys } from '../../api/query-keys';
import { fetchShipments } from './shipments.api';

export const OPEN_PARAM = 'open';

export function useShipmentByAddress(): { shipment: Shipment | null; close: () => void } {
  const [params, setParams] = useSearchParams();
  const shipmentId = params.get(OPEN_PARAM);
  const found = useQuery({
    queryKey: [...queryKeys.shipments.all, 'by-shipment-id', shipmentId] as const,
    enabled: shipmentId !== null && shipmentId !== '',
    queryFn: async () =>
      (await fetchShipments({ page: 1, limit: 1, filters: { shipmentId: shipmentId ?? '' } })).data[0] ??
      null,
  });
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(OPEN_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { shipment: shipmentId ? (found.data ?? null) : null, close };
}
