/** The two slide-out panels of the shell. */
import {
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Switch,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/constants';
import { isLanguage } from '../../i18n/language';
import { changeLanguageAtom, languageAtom } from '../../i18n/language.atoms';
import { AppDrawer } from '../../ui/app-drawer';
import { DATE_FORMATS, isDateFormatName } from '../../ui/date-display';
import { useDateDisplay } from '../../ui/use-date-display';
import { AuditLogTab } from '../audit/audit-log-tab';
import { useCurrentUser } from '../auth/current-user';
import { NotificationList } from '../notifications/notification-list';
import { useSaveDateFormat } from './date-display-source';
import { LANGUAGE_NAMES } from './language-dropdown';
import { ProfileCard } from './profile-card';
import { profilePanelOpenAtom, sidebarMinimizedAtom, sidePanelAtom, type SidePanelTab } from './shell.atoms';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
  settings: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

function SettingsTab() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const language = useAtomValue(languageAtom);
  const changeLanguage = useSetAtom(changeLanguageAtom);
  const [minimized, setMinimized] = useAtom(sidebarMinimizedAtom);
  const { dateFormat, timeZone } = useDateDisplay();
  const saveDateFormat = useSaveDateFormat();
  // Today as each format shows it, so the choice is made by sight.
  const sample = DateTime.now().setZone(timeZone);
  return (
    <div className={styles.settings}>
      <Field label={t('panel.settings.language')}>
        <RadioGroup
          value={language}
          onChange={(_e, data) => {
            if (isLanguage(data.value)) void changeLanguage(data.value);
          }}
        >
          {LANGUAGES.map((lng) => (
            <Radio key={lng} value={lng} label={LANGUAGE_NAMES[lng]} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t('panel.settings.dateFormat')}>
        <RadioGroup
          value={dateFormat}
          onChange={(_e, data) => {
            if (isDateFormatName(data.value)) {
              saveDateFormat.mutate(data.value);
            }
          }}
        >
          {Object.entries(DATE_FORMATS).map(([name, format]) => (
            <Radio key={name} value={name} label={sample.toFormat(format)} />
          ))}
        </RadioGroup>
      </Field>
      <Switch
        checked={minimized}
        onChange={(_e, data) => setMinimized(data.checked)}
        label={t('panel.settings.sidebarMinimized')}
      />
    </div>
  );
}

export function SidePanel() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const [tab, setTab] = useAtom(sidePanelAtom);
  const tabs: SidePanelTab[] =
    user.role === 'admin' ? ['audit', 'notifications', 'settings'] : ['notifications', 'settings'];
  const current = tab && tabs.includes(tab) ? tab : tabs[0];
  const close = () => setTab(null);
  return (
    <AppDrawer title={t('panel.title')} open={tab !== null} onClose={close}>
      <TabList
        className={styles.tabs}
        selectedValue={current}
        onTabSelect={(_e, data) => setTab(data.value as SidePanelTab)}
      >
        {tabs.map((value) => (
          <Tab key={value} value={value}>
            {t(`panel.tabs.${value}`)}
          </Tab>
        ))}
      </TabList>
      {current === 'audit' && <AuditLogTab />}
      {current === 'notifications' && <NotificationList onNavigate={close} />}
      {current === 'settings' && <SettingsTab />}
    </AppDrawer>
  );
}

export function ProfilePanel() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useAtom(profilePanelOpenAtom);
  return (
    <AppDrawer size="small" title={t('profile.title')} open={open} onClose={() => setOpen(false)}>
      {open && <ProfileCard />}
    </AppDrawer>
  );
}
