// interactions.js: button clicks, copies, form submits and field changes, each when the site enables it.
import { buttonProperties, copyProperties, fieldProperties, formProperties } from '../interactions.js';
import { moduleCore } from '../modules.js';
import type { Core } from '../types.js';

const core = moduleCore<Core>();
if (core) {
  const { c: toggles, t: send, n: ns } = core;
  const on = (type: string, listener: (event: Event) => void) => document.addEventListener(type, listener, true);
  if (toggles.trackButtonClicks) {
    on('click', (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest('button,[role=button],input[type=button],input[type=submit]');
      // Tagged elements already send their own custom event.
      if (button && !button.closest('[data-' + ns + '-event]')) send('button_click', '', buttonProperties(button));
    });
  }
  if (toggles.trackCopy) {
    on('copy', () => {
      const selection = String(getSelection() || '');
      const node = getSelection()?.anchorNode;
      const field = document.activeElement && /^(INPUT|TEXTAREA)$/.test(document.activeElement.tagName) ? document.activeElement : null;
      const source = field || (node instanceof Element ? node : node?.parentElement) || null;
      if (selection || source) send('copy', '', copyProperties(selection, source));
    });
  }
  if (toggles.trackFormSubmit) {
    on('submit', (event) => {
      if (event.target instanceof HTMLFormElement) send('form_submit', '', formProperties(event.target));
    });
  }
  if (toggles.trackInputChange) {
    on('change', (event) => {
      const field = event.target;
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) {
        send('input_change', '', fieldProperties(field));
      }
    });
  }
}
