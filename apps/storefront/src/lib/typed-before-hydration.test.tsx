import { typedBeforeHydration } from './typed-before-hydration';

/** A form as the server draws it: the values it drew are the controls' defaults. */
function drawnForm(): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = `
    <input name="name" value="">
    <input name="subject" value="Interested in your car">
    <textarea name="message">Hi</textarea>
    <input type="checkbox" name="insured" checked>
    <select name="credit"><option value="excellent">Excellent</option><option value="good" selected>Good</option></select>
    <input type="radio" name="contact" value="email" checked><input type="radio" name="contact" value="phone">
    <input value="no name">`;
  return form;
}

describe('typedBeforeHydration', () => {
  it('finds nothing in a form the visitor has not touched', () => {
    expect(typedBeforeHydration(drawnForm()).size).toBe(0);
  });

  it('finds every named control the visitor changed, by name, with its value', () => {
    const form = drawnForm();
    const control = <T extends Element>(name: string) => form.querySelector(`[name="${name}"]`) as unknown as T;
    control<HTMLInputElement>('name').value = 'Ana';
    control<HTMLTextAreaElement>('message').value = 'Hi, is it still for sale?';
    control<HTMLInputElement>('insured').checked = false;
    control<HTMLSelectElement>('credit').value = 'excellent';
    (form.querySelector('[value="phone"]') as HTMLInputElement).checked = true;
    (form.querySelector('input:not([name])') as HTMLInputElement).value = 'ignored';
    expect(Object.fromEntries(typedBeforeHydration(form))).toEqual({
      name: 'Ana',
      message: 'Hi, is it still for sale?',
      insured: false,
      credit: 'excellent',
      contact: 'phone',
    });
  });
});
