// The keyboard shortcut of a screen's primary action (Next, Start): Ctrl+Enter, on macOS
// ⌘+Enter. A screen marks its primary button with `use:primaryAction` and shows the shortcut on
// it with `data-keyhint={keyHint()}` (drawn by app.css after the button's words, so it is not
// part of the button's text or name: aria-keyshortcuts says it to assistive technology); the
// shell listens for the keys (onPrimaryKey) and clicks the button marked last that is still on
// the page and enabled.
// The keys never act while a modal dialog is open, in a text box (where Enter types, applies or
// saves something of its own) unless the box says Enter may go on (`data-primary-enter`), or
// when a control already handled them (the rows grid's Enter edits a cell). A click is what a
// mouse would do: a button that asks to confirm first (a paid or deactivating start) still asks.
import type { Action } from 'svelte/action';
import { t } from './i18n.svelte';

/** Whether this computer is a Mac: there the shortcut is ⌘ (Meta) with Enter. */
export const isMac: boolean = (() => {
  const nav = globalThis.navigator as
    (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  const platform = nav?.userAgentData?.platform ?? nav?.platform ?? '';
  return /mac/i.test(platform);
})();

/** The shortcut as aria-keyshortcuts writes it. */
export const PRIMARY_KEYS = isMac ? 'Meta+Enter' : 'Control+Enter';

/** The shortcut in the user's words, shown on the button (its `data-keyhint`). */
export function keyHint(): string {
  return isMac ? t('keys.primaryMac') : t('keys.primary');
}

const marked: HTMLElement[] = [];

/** Marks a button as its screen's primary action: it gets the shortcut (aria-keyshortcuts) and
 *  is clicked by it. `enabled` false leaves it unmarked (a button that is primary only at
 *  times). */
export const primaryAction: Action<HTMLElement, boolean | undefined> = (node, enabled = true) => {
  function set(on: boolean) {
    const i = marked.indexOf(node);
    if (i >= 0) marked.splice(i, 1);
    if (on) {
      marked.push(node);
      node.setAttribute('aria-keyshortcuts', PRIMARY_KEYS);
    } else node.removeAttribute('aria-keyshortcuts');
  }
  set(enabled !== false);
  return {
    update: (on) => set(on !== false),
    destroy: () => set(false),
  };
};

const TEXT_INPUTS = new Set([
  'text',
  'search',
  'number',
  'email',
  'url',
  'tel',
  'password',
  'date',
  'time',
]);

/** Whether Enter in this element is the element's own (typing, applying, saving). */
function ownsEnter(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.closest('[data-primary-enter]')) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && TEXT_INPUTS.has(el.type);
}

/** The shell's keydown: the primary action's shortcut. True when it acted. */
export function onPrimaryKey(e: KeyboardEvent): boolean {
  if (e.key !== 'Enter' || e.repeat || e.altKey || e.shiftKey) return false;
  if (!(isMac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey)) return false;
  if (e.defaultPrevented || e.isComposing) return false;
  if (ownsEnter(e.target as Element | null)) return false;
  if (document.querySelector('dialog[open]')) return false;
  const button = marked.findLast((el) => el.isConnected && el.getClientRects().length > 0);
  if (!button) return false;
  // Handled either way: the keys do not also press the focused button.
  e.preventDefault();
  if (button instanceof HTMLButtonElement && button.disabled) return true;
  button.click();
  return true;
}
