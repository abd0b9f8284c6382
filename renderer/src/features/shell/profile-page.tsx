import { Card, makeStyles } from '@fluentui/react-components';
import { ProfileCard } from './profile-card';

const useStyles = makeStyles({ card: { maxWidth: '560px' } });

/** /user/profile: the same profile the user dropdown opens in a panel. */
export default function ProfilePage() {
  const styles = useStyles();
  return (
    <Card className={styles.card}>
      <ProfileCard />
    </Card>
  );
}
