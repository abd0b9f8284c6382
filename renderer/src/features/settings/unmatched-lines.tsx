/**
 * The lines a sync could not match to a product, waiting, grouped by SKU (by ASIN when they
 * have none). "Map to product" names the product: the server remembers it for this connection
 * and applies the waiting lines at once, and the group leaves the list.
 */
import { Button, Field, makeStyles, tokens, Body1 } from '@fluentui/react-components';
import { CheckmarkRegular, LinkRegular, TaskListLtrRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ConnectionKindName, unmatchedGroupSchema } from '#shared/schemas/connections';
import type { Product } from '#shared/schemas/product';
import { queryKeys } from '../../api/query-keys';
import { AppDialog } from '../../ui/app-dialog';
import { AppTable } from '../../ui/app-table';
import { EmptyState, ErrorState, LoadingState } from '../../ui/page-state';
import { useAppMutation } from '../../ui/use-app-mutation';
import { ProductPicker } from '../products/product-picker';
import { mapUnmatched } from './connections.api';
import { refreshAfterRun, useUnmatched } from './use-connections';

type UnmatchedGroup = z.infer<typeof unmatchedGroupSchema>;

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  dialog: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { display: 'block', marginTop: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
});

const nameOf = (group: UnmatchedGroup) => group.sku || group.asin;

export function UnmatchedLines({ kind, label }: { kind: ConnectionKindName; label: string }) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const groups = useUnmatched(kind);
  const [mapping, setMapping] = useState<UnmatchedGroup | null>(null);
  if (groups.isPending) return <LoadingState />;
  if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;
  if (groups.data.data.length === 0)
    return <EmptyState icon={<TaskListLtrRegular />} title={t('connections.unmatched.empty')} />;
  return (
    <>
      <AppTable
        size="small"
        label={label}
        rows={groups.data.data}
        rowKey={(group) => `${group.sku}\u0000${group.asin}`}
        maxHeight="320px"
        columns={[
          {
            key: 'sku',
            header: t('connections.unmatched.sku'),
            className: styles.nowrap,
            cell: (group) => nameOf(group),
          },
          {
            key: 'name',
            header: t('connections.unmatched.name'),
            truncate: '320px',
            cell: (g) => g.name || '—',
          },
          { key: 'lines', header: t('connections.unmatched.lines'), numeric: true, cell: (g) => g.lines },
          { key: 'orders', header: t('connections.unmatched.orders'), numeric: true, cell: (g) => g.orders },
          {
            key: 'map',
            header: t('connections.unmatched.action'),
            className: styles.nowrap,
            cell: (group) => (
              <Button
                size="small"
                icon={<LinkRegular />}
                aria-label={t('connections.unmatched.mapOne', { sku: nameOf(group) })}
                onClick={() => setMapping(group)}
              >
                {t('connections.unmatched.map')}
              </Button>
            ),
          },
        ]}
      />
      <Body1 className={styles.hint}>{t('connections.unmatched.hint')}</Body1>
      <MapDialog kind={kind} group={mapping} onClose={() => setMapping(null)} />
    </>
  );
}

function MapDialog({
  kind,
  group,
  onClose,
}: {
  kind: ConnectionKindName;
  group: UnmatchedGroup | null;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const [product, setProduct] = useState<Product | null>(null);
  const close = () => {
    setProduct(null);
    onClose();
  };
  const map = useAppMutation({
    mutationFn: ({ group: g, productId }: { group: UnmatchedGroup; productId: string }) =>
      mapUnmatched(kind, g.sku ? { sku: g.sku, productId } : { asin: g.asin, productId }),
    success: (result) => t('connections.unmatched.applied', { count: result.applied }),
    invalidate: (client) =>
      Promise.all([
        refreshAfterRun(client, kind),
        client.invalidateQueries({ queryKey: queryKeys.connections.runs(kind) }),
      ]),
    onSuccess: close,
  });
  const name = group ? nameOf(group) : '';
  return (
    <AppDialog
      open={group !== null}
      title={t('connections.unmatched.dialogTitle', { sku: name })}
      onClose={close}
      dirty={product !== null}
      busy={map.isPending}
      primary={{
        label: t('connections.unmatched.confirm'),
        icon: <CheckmarkRegular />,
        disabled: product === null,
        onClick: () => {
          if (group && product) map.mutate({ group, productId: product._id });
        },
      }}
    >
      {group && (
        <div className={styles.dialog}>
          <Body1>
            {t('connections.unmatched.dialogBody', {
              sku: name,
              name: group.name || name,
              lines: group.lines,
              orders: group.orders,
            })}
          </Body1>
          <Field label={t('connections.unmatched.product')} required>
            <ProductPicker value={product} onChange={setProduct} />
          </Field>
        </div>
      )}
    </AppDialog>
  );
}
