import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

/** A Fluent link that navigates inside the app (modifier-clicks still open a new tab). */
export function AppLink({ to, className, children }: { to: To; className?: string; children: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link
      className={className}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => onClick(event as MouseEvent<HTMLAnchorElement>)}
    >
      {children}
    </Link>
  );
}
