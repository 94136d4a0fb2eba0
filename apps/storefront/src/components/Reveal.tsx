import type { ReactNode } from 'react';
import { useReveal } from '../hooks/use-seen-once';

interface RevealProps {
  children: ReactNode;
  className?: string;
  id?: string;
  'aria-labelledby'?: string;
}

/** A section that fades and slides in the first time it scrolls into view. */
export function RevealSection({ children, className = '', ...rest }: RevealProps) {
  const [ref, shown] = useReveal<HTMLElement>();
  return (
    <section ref={ref} className={`reveal${shown ? ' is-revealed' : ''} ${className}`} {...rest}>
      {children}
    </section>
  );
}
