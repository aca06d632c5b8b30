// Describes autocaptured interactions without ever reading what a visitor typed: buttons, copies, forms, fields.

const text = (element: Element) => ((element as HTMLElement).innerText || element.textContent || '').trim().slice(0, 100);

export function buttonProperties(button: Element): Record<string, string> {
  const properties: Record<string, string> = { text: text(button) || (button as HTMLInputElement).value || button.getAttribute('aria-label') || '' };
  if (button.id) properties.id = button.id;
  return properties;
}

/** Copied text, except from fields (their content is what a visitor typed): then only its length. */
export function copyProperties(selection: string, source: Element | null): Record<string, string | number> {
  const field = !!source && /^(INPUT|TEXTAREA)$/.test(source.tagName);
  return { text: field ? '' : selection.slice(0, 500), textLength: selection.length, sourceElement: source ? source.tagName.toLowerCase() : '' };
}

export function formProperties(form: HTMLFormElement): Record<string, string | number> {
  return {
    formId: form.id,
    formName: form.getAttribute('name') || '',
    formAction: form.getAttribute('action') || '',
    method: (form.getAttribute('method') || 'get').toUpperCase(),
    fieldCount: form.elements.length,
  };
}

export function fieldProperties(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): Record<string, string> {
  const properties: Record<string, string> = {
    element: field.tagName.toLowerCase(),
    inputName: field.name || field.id || field.getAttribute('aria-label') || field.getAttribute('placeholder') || '',
  };
  if (field instanceof HTMLInputElement) properties.inputType = field.type;
  if (field.form) {
    properties.formId = field.form.id;
    properties.formName = field.form.getAttribute('name') || '';
  }
  return properties;
}
