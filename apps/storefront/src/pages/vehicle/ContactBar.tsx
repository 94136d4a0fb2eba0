import { useEffect, useState, type RefObject } from 'react';
import { MessageIcon, PhoneIcon } from '../../components/icons';
import { smsHref, telHref } from '../../lib/phone';

/** Below this width the contact form sits under the listing instead of beside it (vehicle.css). */
export const CONTACT_BAR_MEDIA = '(max-width: 1023px)';

/** The class on <html> while the page has the bar: pads the page bottom and lifts the toasts above it. */
/** The contact form's element id (ContactForm.tsx). */
export const CONTACT_FORM_ID = 'contact-seller';

const HAS_BAR_CLASS = 'has-contact-bar';

/** Whether the element `target` finds is on screen (any part of it); true until it is known, so nothing flashes in. */
function useOnScreen(target: () => Element | null): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(Boolean(entry?.isIntersecting)));
    const watch = () => {
      const element = target();
      if (element) observer.observe(element);
      return element !== null;
    };
    // The target may come later (a part of the page that loads on its own): watched from when it is there.
    const arrivals = new MutationObserver(() => watch() && arrivals.disconnect());
    if (!watch()) arrivals.observe(document.body, { childList: true, subtree: true });
    return () => {
      arrivals.disconnect();
      observer.disconnect();
    };
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
  // The form by its id until it is hydrated (the server drew it; it loads as the visitor nears it: its ref is
  // empty until then).
  const [formElement] = useState(() => () => form.current ?? document.querySelector<HTMLFormElement>(`form#${CONTACT_FORM_ID}`));
  const formOnScreen = useOnScreen(formElement);

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
      <button type="button" className="contact-bar-action contact-bar-primary" onClick={() => goToContactForm(formElement())}>
        Message
      </button>
    </div>
  );
}
