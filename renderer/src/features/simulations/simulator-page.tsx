/**
 * /Simulator: the cost simulator. The form starts from the platform defaults and today's rate
 * (when GET /currency has one; otherwise the rate is typed), the result follows the form, a
 * simulation is saved by name and reopened from the list below (`?open=<id>` in the address,
 * so a reload shows it again). Leaving or opening another with unsaved changes asks first.
 */
import { Body1, Button, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { AddRegular, CalculatorRegular, FolderOpenRegular, SettingsRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { simulationsListSpec } from '#shared/list-specs';
import type { Simulation } from '#shared/schemas/simulation';
import { invalidate, queryKeys } from '../../api/query-keys';
import { ConfirmDialog } from '../../ui/app-dialog';
import { ListScaffold, type ListColumn } from '../../ui/list-screen/list-scaffold';
import { prefetchList, useListScreen } from '../../ui/list-screen/use-list-screen';
import { ErrorState, LoadingState } from '../../ui/page-state';
import { useDateDisplay } from '../../ui/use-date-display';
import { useCurrentUser } from '../auth/current-user';
import { PlatformLogo } from '../orders/order-parts';
import { fetchProduct } from '../products/products.api';
import { PlatformDefaultsDialog } from './platform-defaults-dialog';
import { useSimulatorMoney } from './simulation-result';
import {
  fetchHandlingFees,
  fetchPlatformFees,
  fetchSimulation,
  fetchSimulations,
  fetchTodaysRate,
} from './simulations.api';
import { SimulatorEditor } from './simulator-editor';
import { fromSimulation, newSimulation, type SimulatorFormValues } from './simulator-form';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  intro: { color: tokens.colorNeutralForeground2, flexGrow: 1, minWidth: '240px' },
  listHeading: { marginTop: tokens.spacingVerticalS },
  nameCell: { display: 'flex', flexDirection: 'column', minWidth: '160px', overflowWrap: 'anywhere' },
  name: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  nowrap: { whiteSpace: 'nowrap' },
});

const OPEN_PARAM = 'open';

const LIST_OPTIONS = {
  spec: simulationsListSpec,
  searchParam: 'searchStr',
  queryKey: queryKeys.simulations.list,
  fetch: fetchSimulations,
};

export const prefetch = (queryClient: QueryClient) => prefetchList(queryClient, LIST_OPTIONS);

export default function SimulatorPage() {
  const styles = useStyles();
  const { t } = useTranslation('simulator');
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openId = params.get(OPEN_PARAM);
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  // A new simulation after a new one: a fresh form all the same.
  const [generation, setGeneration] = useState(0);
  const [editingDefaults, setEditingDefaults] = useState(false);

  const fees = useQuery({ queryKey: queryKeys.platformFees, queryFn: fetchPlatformFees });
  const handlingFees = useQuery({
    queryKey: [...queryKeys.settings.all('handling-fees'), 'simulator'],
    queryFn: fetchHandlingFees,
  });
  // Until a server answers GET /currency, a failed call is "no rate": the user types one.
  const rate = useQuery({
    queryKey: queryKeys.todaysRate,
    queryFn: fetchTodaysRate,
    retry: false,
    staleTime: 10 * 60_000,
  });
  const opened = useQuery({
    queryKey: queryKeys.simulations.one(openId ?? ''),
    queryFn: () => fetchSimulation(openId as string),
    enabled: openId !== null,
    staleTime: 30_000,
  });
  const productId = openId ? opened.data?.product?._id : undefined;
  const product = useQuery({
    queryKey: queryKeys.products.one(productId ?? ''),
    queryFn: () => fetchProduct(productId as string),
    enabled: productId !== undefined,
    retry: false,
  });

  const setOpen = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(OPEN_PARAM, id);
      else next.delete(OPEN_PARAM);
      return next;
    });

  /** Runs `action` at once, or after "discard your changes?" when the form has some. */
  const whenClean = (action: () => void) => (dirty ? setPending(() => action) : action());
  const openSimulation = (id: string) =>
    whenClean(() => {
      setDirty(false);
      setOpen(id);
    });
  const startNew = () =>
    whenClean(() => {
      setDirty(false);
      setOpen(null);
      setGeneration((g) => g + 1);
    });

  const onSaved = (saved: Simulation, values: SimulatorFormValues, created: boolean) => {
    queryClient.setQueryData(queryKeys.simulations.one(saved._id), saved);
    if (values.product) queryClient.setQueryData(queryKeys.products.one(values.product._id), values.product);
    setDirty(false);
    void invalidate.simulations(queryClient);
    if (created) setOpen(saved._id);
  };

  let editor;
  if (fees.isPending || handlingFees.isPending || rate.isPending) {
    editor = <LoadingState />;
  } else if (fees.isError || handlingFees.isError) {
    editor = (
      <ErrorState
        error={fees.error ?? handlingFees.error}
        onRetry={() => void Promise.all([fees.refetch(), handlingFees.refetch()])}
      />
    );
  } else if (openId !== null && (opened.isPending || (productId !== undefined && product.isPending))) {
    editor = <LoadingState />;
  } else if (openId !== null && opened.isError) {
    editor = <ErrorState error={opened.error} onRetry={() => void opened.refetch()} />;
  } else {
    const simulation = openId !== null ? (opened.data ?? null) : null;
    const initial = simulation
      ? fromSimulation(simulation, product.data ?? null)
      : newSimulation(fees.data, rate.data?.rate ?? null);
    editor = (
      <SimulatorEditor
        key={`${openId ?? 'new'}:${generation}`}
        initial={initial}
        simulation={simulation}
        platformFees={fees.data}
        handlingFees={handlingFees.data}
        todaysRate={rate.data ?? null}
        onDirtyChange={setDirty}
        onSaved={onSaved}
      />
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Body1 className={styles.intro}>{t('intro')}</Body1>
        <Button icon={<AddRegular />} onClick={startNew}>
          {t('actions.new')}
        </Button>
        {me.role === 'admin' && (
          <Button icon={<SettingsRegular />} disabled={!fees.data} onClick={() => setEditingDefaults(true)}>
            {t('actions.platformDefaults')}
          </Button>
        )}
      </div>
      {editor}
      <Subtitle1 as="h2" className={styles.listHeading}>
        {t('saved.heading')}
      </Subtitle1>
      <SavedSimulations openId={openId} onOpen={openSimulation} />
      <ConfirmDialog
        open={pending !== null}
        title={t('switch.title')}
        confirmLabel={t('switch.confirm')}
        cancelLabel={t('switch.keep')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const action = pending;
          setPending(null);
          action?.();
        }}
      >
        {t('switch.body')}
      </ConfirmDialog>
      {editingDefaults && fees.data && (
        <PlatformDefaultsDialog fees={fees.data} onClose={() => setEditingDefaults(false)} />
      )}
    </div>
  );
}

function SavedSimulations({ openId, onOpen }: { openId: string | null; onOpen: (id: string) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('simulator');
  const money = useSimulatorMoney();
  const dates = useDateDisplay();
  const list = useListScreen(LIST_OPTIONS);

  const columns: ListColumn<Simulation>[] = [
    {
      key: 'name',
      header: t('saved.columns.name'),
      sort: 'name',
      alwaysShown: true,
      cell: (s) => (
        <div className={styles.nameCell}>
          <span className={styles.name}>{s.name}</span>
          {s.product && <span className={styles.muted}>{s.product.skuCode}</span>}
        </div>
      ),
    },
    {
      key: 'platform',
      header: t('saved.columns.platform'),
      cell: (s) => <PlatformLogo platform={s.platformCode} />,
    },
    {
      key: 'price',
      header: t('saved.columns.price'),
      numeric: true,
      cell: (s) =>
        s.result.status === 'priced'
          ? money(s.result.price, 'INR')
          : t(s.result.status === 'unreachable' ? 'saved.unreachable' : 'saved.tooHigh'),
    },
    {
      key: 'profit',
      header: t('saved.columns.profit'),
      numeric: true,
      cell: (s) => (s.result.status === 'priced' ? money(s.result.profit, 'JPY') : '—'),
    },
    {
      key: 'updated',
      header: t('saved.columns.updated'),
      sort: 'updatedAt',
      sortFirst: 'desc',
      className: styles.nowrap,
      cell: (s) => dates.dateTime(s.updatedAt),
    },
    {
      key: 'actions',
      header: t('saved.columns.actions'),
      cell: (s) => (
        <Button
          size="small"
          icon={<FolderOpenRegular />}
          disabled={s._id === openId}
          aria-label={s._id === openId ? undefined : t('saved.openNamed', { name: s.name })}
          onClick={() => onOpen(s._id)}
        >
          {s._id === openId ? t('saved.opened') : t('actions.open')}
        </Button>
      ),
    },
  ];

  return (
    <ListScaffold
      list={list}
      label={t('saved.heading')}
      search={{ label: t('saved.search') }}
      empty={{
        icon: <CalculatorRegular />,
        title: list.searching ? t('saved.emptySearch') : t('saved.empty'),
        body: list.searching ? undefined : t('saved.emptyBody'),
      }}
      columns={columns}
      onOpenRow={(s) => onOpen(s._id)}
    />
  );
}
