import { makeStyles, ProgressBar } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { TIMINGS } from '#shared/constants';

const useStyles = makeStyles({
  bar: { position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000000 },
});

/** One run of the bar: steps of 10 every 30 ms up to 100, then gone. */
export default function ProgressRun() {
  const styles = useStyles();
  const [step, setStep] = useState(0);
  const done = step > 100;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setStep((s) => s + TIMINGS.progressStep), TIMINGS.progressStepMs);
    return () => clearInterval(timer);
  }, [done]);
  if (done) return null;
  return <ProgressBar className={styles.bar} value={step / 100} thickness="medium" aria-hidden="true" />;
}
