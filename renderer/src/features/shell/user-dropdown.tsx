import {
  Avatar,
  Button,
  Caption1,
  makeStyles,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  tokens,
} from '@fluentui/react-components';
import { PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useConfirmAction } from '../../ui/confirm-action';
import { useOffline } from '../../ui/use-offline';
import { useCurrentUser } from '../auth/current-user';
import { profilePanelOpenAtom } from './shell.atoms';

const useStyles = makeStyles({
  trigger: { maxWidth: '240px' },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '@media (max-width: 767px)': { display: 'none' },
  },
  greeting: { display: 'flex', flexDirection: 'column', padding: `${tokens.spacingVerticalXS} 0` },
  role: { color: tokens.colorNeutralForeground3 },
});

/** Greets with the full name and the role label; holds the profile link and Logout. */
export function UserDropdown() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const openProfile = useSetAtom(profilePanelOpenAtom);
  const roleLabel = user.role ? t(`common:roles.${user.role}`) : t('common:roles.none');
  const { state, outbox } = useOffline();
  const confirm = useConfirmAction();
  const unsent = Math.max(outbox.length, state.outbox.pending);
  // Signing out deletes the offline copy with the customs not sent yet: asked first.
  const signOut = () =>
    unsent === 0
      ? void navigate('/logout')
      : confirm.ask({
          title: t('offline.signOutTitle'),
          body: t('offline.signOutBody', { count: unsent }),
          confirmLabel: t('offline.signOutConfirm'),
          keepLabel: t('offline.signOutKeep'),
          confirmIcon: <SignOutRegular />,
          onConfirm: () => void navigate('/logout'),
        });
  return (
    <>
      {confirm.dialog}
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button
            className={styles.trigger}
            appearance="subtle"
            data-testid="user-dropdown"
            // The visible name is the button's name; the avatar's initials only decorate it.
            icon={<Avatar name={user.fullname} size={28} color="colorful" aria-hidden />}
          >
            <span className={styles.name}>{user.fullname}</span>
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader className={styles.greeting}>
                <span>{t('header.greeting', { name: user.fullname })}</span>
                <Caption1 className={styles.role}>{roleLabel}</Caption1>
              </MenuGroupHeader>
            </MenuGroup>
            <MenuDivider />
            <MenuItem icon={<PersonRegular />} onClick={() => openProfile(true)}>
              {t('header.profile')}
            </MenuItem>
            <MenuItem icon={<SignOutRegular />} onClick={signOut}>
              {t('header.logout')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </>
  );
}
