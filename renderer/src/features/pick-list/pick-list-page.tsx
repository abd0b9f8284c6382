/**
 * /pick-list: the printable pick list of the orders chosen in order management (`?orders=` their
 * row ids), or of every accepted order. Shelves in natural order, products without a shelf last,
 * each product once with its total and the orders it goes to, a box to tick. Print uses the
 * browser's own print with a stylesheet that leaves only the sheet; "Save PDF" saves the
 * server's PDF of the same grouping.
 */
import { Body1, Button, makeStaticStyles, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ClipboardTaskListLtrRegular,
  DocumentPdfRegular,
  PrintRegular,
} from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PickListAnswer } from '#shared/schemas/labels';
import { queryKeys } from '../../api/query-keys';
import { platform } from '../../platform/platform';
import { BusySpinner } from '../../ui/busy-spinner';
import { useNotify } from '../../ui/notify';
import { EmptyState, ErrorState, LoadingState } from '../../ui/page-state';
import { useDateDisplay } from '../../ui/use-date-display';
import { useErrorText } from '../../ui/use-error-text';
import { useOffline } from '../../ui/use-offline';
import { useProductName } from '../products/product-name';
import { fetchPickList, pickListPdfPath } from './pick-list.api';

/** Marks the one part of the screen that is printed. */
const PRINT_AREA = 'data-print-area';

/**
 * On paper only the sheet: everything else is hidden, and the app's scrolling frames around it
 * let it run over as many pages as it needs.
 */
const usePrintStyles = makeStaticStyles(`
  @media print {
    @page { size: A4; margin: 12mm; }
    body * { visibility: hidden !important; }
    [${PRINT_AREA}], [${PRINT_AREA}] * { visibility: visible !important; }
    *:has([${PRINT_AREA}]) { overflow: visible !important; height: auto !important; max-height: none !important; position: static !important; }
    [${PRINT_AREA}] { position: absolute !important; left: 0; top: 0; width: 100%; color: #000; background: #fff; }
  }
`);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  sheet: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1000px' },
  summary: { color: tokens.colorNeutralForeground2 },
  shelf: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    breakInside: 'avoid-page',
  },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    fontSize: tokens.fontSizeBase300,
    '& th, & td': {
      border: `1px solid ${tokens.colorNeutralStroke1}`,
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      textAlign: 'left',
      verticalAlign: 'top',
    },
    '& th': { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
    '& tr': { breakInside: 'avoid' },
  },
  box: {
    display: 'inline-block',
    width: '14px',
    height: '14px',
    border: `1.5px solid ${tokens.colorNeutralForeground1}`,
    borderRadius: '2px',
  },
  boxCell: { width: '28px', textAlign: 'center !important' as 'center' },
  quantity: {
    textAlign: 'right !important' as 'right',
    fontWeight: tokens.fontWeightBold,
    whiteSpace: 'nowrap',
  },
  secondary: { display: 'block', color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  order: { display: 'block', whiteSpace: 'nowrap' },
});

/** The ids of `?orders=a,b`; null without it (the whole accepted queue). */
function orderIdsOf(params: URLSearchParams): string[] | null {
  const raw = params.get('orders');
  if (raw === null) return null;
  return raw.split(',').filter((id) => id !== '');
}

export default function PickListPage() {
  usePrintStyles();
  const styles = useStyles();
  const { t, i18n } = useTranslation('ordermanagement');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderIds = orderIdsOf(params);
  const list = useQuery({
    queryKey: queryKeys.orders.pickList(orderIds),
    queryFn: () => fetchPickList(orderIds).then((answer) => answer.data),
  });
  const notify = useNotify();
  const errorText = useErrorText();
  const { writeProps } = useOffline();
  const [saving, setSaving] = useState(false);

  const savePdf = async (date: string) => {
    setSaving(true);
    try {
      const result = await platform.savePdf({
        defaultName: `pick-list-${date}.pdf`,
        path: pickListPdfPath(orderIds, i18n.language),
      });
      if (result.saved) notify.success(t('pickList.saved'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const data = list.data;
  const ready = data !== undefined && data.shelves.length > 0;
  return (
    <div className={styles.page}>
      <div className={styles.toolbar} role="group" aria-label={t('pickList.actions')}>
        <Button icon={<ArrowLeftRegular />} onClick={() => void navigate('/shipping-management')}>
          {t('pickList.back')}
        </Button>
        <Button icon={<PrintRegular />} disabled={!ready} onClick={() => window.print()}>
          {t('pickList.print')}
        </Button>
        <Button
          appearance="primary"
          icon={saving ? <BusySpinner /> : <DocumentPdfRegular />}
          // The PDF comes from the server: not kept offline.
          {...writeProps({ disabled: !ready || saving })}
          onClick={() => data && void savePdf(data.date)}
        >
          {t('pickList.savePdf')}
        </Button>
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : data && data.shelves.length === 0 ? (
        <EmptyState icon={<ClipboardTaskListLtrRegular />} title={t('pickList.empty')}>
          {t('pickList.emptyBody')}
        </EmptyState>
      ) : (
        data && <PickSheet list={data} />
      )}
    </div>
  );
}

function PickSheet({ list }: { list: PickListAnswer }) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const productName = useProductName();
  const { date } = useDateDisplay();
  return (
    <section
      className={styles.sheet}
      {...{ [PRINT_AREA]: '' }}
      aria-labelledby="pick-list-title"
      data-testid="pick-list"
    >
      <header>
        <Subtitle1 as="h2" id="pick-list-title">
          {t('pickList.title')}
        </Subtitle1>
        <Body1 block className={styles.summary} data-testid="pick-list-summary">
          {t('pickList.summary', { date: date(list.date), orders: list.orders, units: list.units })}
        </Body1>
      </header>
      {list.shelves.map((shelf, i) => {
        const heading =
          shelf.shelf === null ? t('pickList.noShelf') : t('pickList.shelf', { shelf: shelf.shelf });
        return (
          <section key={shelf.shelf ?? ''} className={styles.shelf} aria-labelledby={`pick-shelf-${i}`}>
            <Subtitle1 as="h3" id={`pick-shelf-${i}`}>
              {heading}{' '}
              <span className={styles.summary}>{t('pickList.shelfUnits', { count: shelf.units })}</span>
            </Subtitle1>
            <table className={styles.table} aria-labelledby={`pick-shelf-${i}`}>
              <thead>
                <tr>
                  <th scope="col" className={styles.boxCell}>
                    {t('pickList.columns.picked')}
                  </th>
                  <th scope="col">{t('pickList.columns.product')}</th>
                  <th scope="col">{t('pickList.columns.sku')}</th>
                  <th scope="col">{t('pickList.columns.jan')}</th>
                  <th scope="col" className={styles.quantity}>
                    {t('pickList.columns.quantity')}
                  </th>
                  <th scope="col">{t('pickList.columns.orders')}</th>
                </tr>
              </thead>
              <tbody>
                {shelf.products.map((product) => {
                  const name = productName(product);
                  const other = name === product.name ? product.nameJa : product.name;
                  return (
                    <tr key={product.productId}>
                      <td className={styles.boxCell}>
                        <span className={styles.box} aria-hidden />
                      </td>
                      <td>
                        {name}
                        {other && other !== name && <span className={styles.secondary}>{other}</span>}
                      </td>
                      <td className={styles.nowrap}>{product.sku}</td>
                      <td className={styles.nowrap}>{product.jan}</td>
                      <td className={styles.quantity}>{product.quantity}</td>
                      <td>
                        {product.orders.map((order) => (
                          <span key={order.orderId} className={styles.order}>
                            {t('pickList.orderQuantity', {
                              orderId: order.orderId,
                              quantity: order.quantity,
                            })}
                          </span>
                        ))}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        );
      })}
    </section>
  );
}
