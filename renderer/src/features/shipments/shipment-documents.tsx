/**
 * A shipment's papers from its drawer: the Documents menu (commercial invoice, packing list,
 * label), each saved where the user says (the save dialog on the desktop, a download in a
 * browser). While one is made the button is busy. A paper refused because products lack customs
 * fields opens a dialog naming each product and what it lacks, with a way to its edit page for
 * administrators; closing it puts focus back on the menu button.
 */
import {
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular, DocumentPdfRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Shipment } from '#shared/schemas/shipment';
import {
  missingCustomsDetailsSchema,
  SHIPMENT_DOCUMENTS,
  type MissingCustomsProduct,
  type ShipmentDocument,
} from '#shared/schemas/shipment-documents';
import { ApiError, requestBytes, toApiError } from '../../api/http';
import { platform } from '../../platform/platform';
import { AppDialog } from '../../ui/app-dialog';
import { BusySpinner } from '../../ui/busy-spinner';
import { useNotify } from '../../ui/notify';
import { useErrorText } from '../../ui/use-error-text';
import { useOffline } from '../../ui/use-offline';
import { useCurrentUser } from '../auth/current-user';

const FILE_NAMES: Record<ShipmentDocument, string> = {
  'commercial-invoice': 'commercial-invoice',
  'packing-list': 'packing-list',
  label: 'shipment-label',
};

export const documentPath = (shipment: Pick<Shipment, '_id'>, paper: ShipmentDocument) =>
  `shipments/${encodeURIComponent(shipment._id)}/documents/${paper}.pdf`;

/** The suggested file name; a shipment id may hold characters no file name takes. */
export const documentFileName = (shipment: Pick<Shipment, 'shipmentId'>, paper: ShipmentDocument) =>
  `${FILE_NAMES[paper]}-${shipment.shipmentId.replace(/[\\/:*?"<>|\s]+/g, '_')}.pdf`;

/** The products a refusal names, when it is the "missing customs fields" one. */
function missingProducts(error: ApiError): MissingCustomsProduct[] | null {
  if (error.code !== 'customsFieldsMissing') return null;
  const parsed = missingCustomsDetailsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.missing : null;
}

/**
 * Why a paper was not saved, as the server said it. The desktop's save reports only a status
 * through the bridge, so the refusal is asked for again to read it (a refusal makes no PDF).
 */
async function refusalOf(error: unknown, path: string): Promise<unknown> {
  if (error instanceof ApiError) return error;
  try {
    await requestBytes(path);
    return error;
  } catch (again) {
    return toApiError(again);
  }
}

const useStyles = makeStyles({
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  lacks: { color: tokens.colorNeutralForeground2 },
  surface: { maxWidth: '560px' },
});

export function ShipmentDocumentsMenu({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation('shipment');
  const notify = useNotify();
  const errorText = useErrorText();
  const { writeProps } = useOffline();
  const button = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState<ShipmentDocument | null>(null);
  const [missing, setMissing] = useState<MissingCustomsProduct[] | null>(null);

  const make = async (paper: ShipmentDocument) => {
    setBusy(paper);
    const path = documentPath(shipment, paper);
    try {
      const result = await platform.savePdf({ defaultName: documentFileName(shipment, paper), path });
      if (result.saved) notify.success(t('documents.saved', { document: t(`documents.${paper}`) }));
    } catch (error) {
      const refusal = await refusalOf(error, path);
      const products = refusal instanceof ApiError ? missingProducts(refusal) : null;
      if (products) setMissing(products);
      else notify.error(errorText(refusal));
    } finally {
      setBusy(null);
    }
  };

  const closeMissing = () => {
    setMissing(null);
    // The menu item that opened the dialog is gone with the menu: back to the button.
    requestAnimationFrame(() => button.current?.focus());
  };

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            ref={button}
            icon={busy ? <BusySpinner /> : <DocumentPdfRegular />}
            iconPosition="before"
            aria-busy={busy !== null}
            // The papers come from the server: none is kept offline.
            {...writeProps({ disabled: busy !== null })}
          >
            {busy ? t('documents.making', { document: t(`documents.${busy}`) }) : t('documents.menu')}
            <ChevronDownRegular aria-hidden="true" />
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {SHIPMENT_DOCUMENTS.map((paper) => (
              <MenuItem key={paper} onClick={() => void make(paper)}>
                {t(`documents.${paper}`)}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {missing && <MissingFieldsDialog products={missing} onClose={closeMissing} />}
    </>
  );
}

function MissingFieldsDialog({
  products,
  onClose,
}: {
  products: MissingCustomsProduct[];
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('shipment');
  const isAdmin = useCurrentUser().role === 'admin';
  const list = new Intl.ListFormat(t('documents.listLocale'), { type: 'conjunction' });
  return (
    <AppDialog
      open
      title={t('documents.missingTitle')}
      onClose={onClose}
      closeLabel={t('common:actions.close')}
      className={styles.surface}
    >
      <p>{isAdmin ? t('documents.missingBody') : t('documents.missingBodyAsk')}</p>
      <ul className={styles.list} aria-label={t('documents.missingList')}>
        {products.map((product) => (
          <li key={product.productId} data-testid="missing-product">
            {isAdmin ? (
              <RouterLink
                to={`/product-edit?id=${encodeURIComponent(product.productId)}`}
                aria-label={t('documents.editProduct', { name: product.name })}
              >
                {product.name}
              </RouterLink>
            ) : (
              <strong>{product.name}</strong>
            )}{' '}
            ({product.sku})
            <div className={styles.lacks}>
              {t('documents.lacks', {
                fields: list.format(product.fields.map((field) => t(`documents.fields.${field}`))),
              })}
            </div>
          </li>
        ))}
      </ul>
    </AppDialog>
  );
}
