// A modal dialog: rendered over the page, the app behind it inert, Tab kept inside, Escape and the
// backdrop close it, focus returns to where it was. Not a native <dialog>: the top layer would hide the
// toast region, and the spec shows toasts (order failed, saved) while dialogs are open.
import { type ReactNode, useEffect, useEffectEvent, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/cx.ts';
import { CloseIcon } from './icons.tsx';

const APP_ROOT_ID = 'root';
const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

// Open dialogs, innermost last: only the innermost one answers Escape and Tab.
const openPanels: HTMLElement[] = [];
let bodyOverflowBeforeOpen = '';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

function keepTabInside(event: KeyboardEvent, panel: HTMLElement): void {
  const focusable = focusableIn(panel);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (!panel.contains(active)) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the dialog for screen readers (aria-labelledby). */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom, e.g. Cancel and Save Changes. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** False keeps it open on Escape, backdrop click and the close button (e.g. while saving). */
  dismissible?: boolean;
  className?: string;
}

export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  className,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const requestClose = () => {
    if (dismissible) onOpenChange(false);
  };
  const onEscape = useEffectEvent(requestClose);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const appRoot = document.getElementById(APP_ROOT_ID);
    if (openPanels.length === 0) {
      bodyOverflowBeforeOpen = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      appRoot?.setAttribute('inert', '');
    } else {
      openPanels.at(-1)?.setAttribute('inert', '');
    }
    openPanels.push(panel);
    // A control with autoFocus has already taken focus; otherwise start at the first control.
    if (!panel.contains(document.activeElement)) (focusableIn(panel)[0] ?? panel).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (openPanels.at(-1) !== panel || !panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
      } else if (event.key === 'Tab') {
        keepTabInside(event, panel);
      }
    }
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openPanels.splice(openPanels.indexOf(panel), 1);
      const below = openPanels.at(-1);
      if (below) {
        below.removeAttribute('inert');
      } else {
        appRoot?.removeAttribute('inert');
        document.body.style.overflow = bodyOverflowBeforeOpen;
      }
      returnFocusTo?.focus();
    };
  }, []);

  return (
    <div className="dialog-layer">
      <div className="dialog-backdrop" aria-hidden="true" onClick={requestClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx('dialog', `dialog--${size}`, className)}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          )}
        </div>
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__footer">{footer}</div>}
        {dismissible && (
          <button type="button" className="dialog__close" aria-label="Close dialog" onClick={requestClose}>
            <CloseIcon size={18} />
          </button>
        )}
      </div>
    </div>
  );
}
