/**
 * The spinner of a control that is busy (a saving button, an export under way). The control's
 * own text says what is going on, so the spinner is decoration: hidden from assistive
 * technology, where it would otherwise be a progress bar without a name.
 */
import { Spinner } from '@fluentui/react-components';

export function BusySpinner({ size = 'tiny' }: { size?: 'tiny' | 'extra-tiny' }) {
  return <Spinner size={size} aria-hidden />;
}
