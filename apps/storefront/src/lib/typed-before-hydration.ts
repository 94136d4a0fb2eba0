import { useEffect, type RefObject } from 'react';
import { recordedValue } from './typing-record';

// A form the server drew can be typed into before React takes it over (the page hydrates after its load, and a
// deferred part of it only as the visitor nears it): the form's state still holds its first values, and the next
// drawing of a field would put them back. Once hydrated, the form reads what the visitor changed and makes it its
// state: the value recorded as the visitor typed (lib/typing-record.ts, from the entry on), else a value that
// differs from the one the server drew (the browser keeps that one as the control's default: `defaultValue`,
// `defaultChecked`, `defaultSelected`; React leaves an input's and a select's value as it finds them when it
// hydrates, but gives a textarea back the server's text, so a textarea's typing is known from the record only).

/**
 * A control's value when the visitor changed it from the one the server drew: a string, or a checkbox's state (a
 * radio button: its value once the visitor chose it).
 */
export function changedValue(control: Element): string | boolean | undefined {
  if (control instanceof HTMLInputElement) {
    if (control.type === 'checkbox') return control.checked !== control.defaultChecked ? control.checked : undefined;
    if (control.type === 'radio') return control.checked && !control.defaultChecked ? control.value : undefined;
    return control.value !== control.defaultValue ? control.value : undefined;
  }
  if (control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue ? control.value : undefined;
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options];
    const drawn = options.find((o) => o.defaultSelected) ?? options[0];
    return drawn && control.value !== drawn.value ? control.value : undefined;
  }
  return undefined;
}

/** Every named control in `part` (a form, or any element around some fields) whose value the visitor changed, by name. */
export function typedBeforeHydration(part: ParentNode): Map<string, string | boolean> {
  const changed = new Map<string, string | boolean>();
  for (const control of part.querySelectorAll('input[name], select[name], textarea[name]')) {
    const name = control.getAttribute('name') as string;
    const value = recordedValue(control) ?? changedValue(control);
    if (value !== undefined) changed.set(name, value);
  }
  return changed;
}

/**
 * On its first drawing in the browser, hands `onChange` each named control in the element `part` refers to (a
 * form, or any element around some fields) whose value the visitor changed before it was hydrated (for a part
 * drawn by the browser itself, none). Names are the controls' `name` attributes.
 */
export function useTypedBeforeHydration(part: RefObject<HTMLElement | null>, onChange: (name: string, value: string | boolean) => void): void {
  useEffect(() => {
    if (!part.current) return;
    for (const [name, value] of typedBeforeHydration(part.current)) onChange(name, value);
    // Once, when the form is first here: what the visitor types later goes through the controls' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
