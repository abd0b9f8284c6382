/**
 * Order management's way to the pick list: of the selected orders, or of every accepted order.
 * Orders that are not accepted are named before the screen opens (the server refuses them too).
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ClipboardTaskListLtrRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Order } from '#shared/schemas/order';
import { useNotify } from '../../ui/notify';
import { PICK_LIST_MAX_SELECTED, pickListScreenPath } from './pick-list.api';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-end' },
});

export function PickListActions({ selected }: { selected: readonly Order[] }) {
  const styles = useStyles();
  const { t } = useTranslation('ordermanagement');
  const notify = useNotify();
  const navigate = useNavigate();
  const openSelected = () => {
    if (selected.length > PICK_LIST_MAX_SELECTED) {
      return notify.warning(t('pickList.tooMany', { max: PICK_LIST_MAX_SELECTED }));
    }
    const notAccepted = selected.filter((o) => o.shipmentStatus !== 'ACCEPTED').map((o) => o.orderId);
    if (notAccepted.length > 0) {
      return notify.warning(t('errors:pickListNotAccepted', { orderIds: notAccepted.join(', ') }));
    }
    void navigate(pickListScreenPath(selected.map((o) => o._id)));
  };
  return (
    <div className={styles.actions} role="group" aria-label={t('pickList.title')}>
      <Button icon={<ClipboardTaskListLtrRegular />} disabled={selected.length === 0} onClick={openSelected}>
        {t('pickList.open')}
      </Button>
      <Button icon={<TaskListSquareLtrRegular />} onClick={() => void navigate(pickListScreenPath(null))}>
        {t('pickList.openAll')}
      </Button>
    </div>
  );
}
