import { useEffect, useState, type RefObject } from 'react';
import { MessageIcon, PhoneIcon } from '../../components/icons';
import { smsHref, telHref } from '../../lib/phone';

/** Below this width the contact form sits under the listing instead of beside it (vehicle.css). */
export const CONTACT_BAR_MEDIA = '(max-width: 1023px)';

/** The class on <html> while the page has the bar: pads the page bottom and lifts the toasts above it. */
const HAS_BAR_CLASS = 'has-contact-bar';

/** Whether `target` is on screen (any part of it); true until it is known, so nothing flashes in. */
function useOnScreen(target: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(Boolean(entry?.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return onScreen;
}

/** Scrolls to the contact form and puts the cursor in its first field. */
export function goToContactForm(form: HTMLFormElement | null): void {
  if (!form) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  form.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  form.querySelector<HTMLInputElement>('input, textarea')?.focus({ preventScroll: true });
}

/**
 * On phones and tablets: Call, Text and Message fixed at the bottom of the screen while the contact form is
 * off-screen (Message scrolls to the form and focuses its first field); gone while the form is in view.
 * Hidden by CSS from 1024 px, where the contact card stays beside the listing.
 */
export function ContactBar({ phone, form }: { phone: string; form: RefObject<HTMLFormElement | null> }) {
  const formOnScreen = useOnScreen(form);

  useEffect(() => {
    document.documentElement.classList.add(HAS_BAR_CLASS);
    return () => document.documentElement.classList.remove(HAS_BAR_CLASS);
  }, []);

  if (formOnScreen) return null;
  return (
    <div className="contact-bar" role="region" aria-label="Contact our team">
      {phone ? (
        <>
          <a className="contact-bar-action" href={telHref(phone)} aria-label={`Call ${phone}`}>
            <PhoneIcon size={20} /> Call
          </a>
          <a className="contact-bar-action" href={smsHref(phone)} aria-label={`Text ${phone}`}>
            <MessageIcon size={20} /> Text
          </a>
        </>
      ) : null}
      <button type="button" className="contact-bar-action contact-bar-primary" onClick={() => goToContactForm(form.current)}>
        Message
      </button>
    </div>
  );
}
