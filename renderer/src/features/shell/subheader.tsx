import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  makeStyles,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { HomeRegular } from '@fluentui/react-icons';
import { Fragment, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/use-document-title';
import { pageTrail } from './menu';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL} 0`,
  },
});

/** Title and breadcrumbs from the page table, with a home link to /. */
export function Subheader() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const page = pageTrail(pathname);
  const title = page ? t(page.title) : t('notFound.title');
  const go = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    if (path !== pathname) void navigate(path);
  };
  const trail = page?.trail ?? [];
  useDocumentTitle(title);
  return (
    <div className={styles.root}>
      <Breadcrumb aria-label={t('breadcrumbs.label')} size="small">
        <BreadcrumbItem>
          <BreadcrumbButton icon={<HomeRegular />} href="/" onClick={go('/')}>
            {t('breadcrumbs.home')}
          </BreadcrumbButton>
        </BreadcrumbItem>
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return (
            <Fragment key={crumb.path}>
              <BreadcrumbDivider />
              <BreadcrumbItem>
                <BreadcrumbButton href={crumb.path} current={last} onClick={go(crumb.path)}>
                  {t(crumb.label)}
                </BreadcrumbButton>
              </BreadcrumbItem>
            </Fragment>
          );
        })}
      </Breadcrumb>
      <Title3 as="h1">{title}</Title3>
    </div>
  );
}
