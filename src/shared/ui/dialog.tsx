// Modal dialog and side sheet on the native <dialog> element: showModal() gives focus trapping,
// Escape to close and an inert background for free, with no portal library.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from './cx';
import { Button } from './button';
import { CloseIcon } from './icons';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** 'sheet' slides in from the right edge. */
  variant?: 'dialog' | 'sheet';
  /** Hide the × button (e.g. a flow that must be answered). */
  hideClose?: boolean;
  className?: string;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  variant = 'dialog',
  hideClose,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      // jsdom has no showModal; fall back to the open attribute there.
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={cx(variant === 'sheet' ? 'sheet' : 'dialog', className)}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onClose={() => onOpenChange(false)}
      onCancel={(e) => {
        e.preventDefault();
        onOpenChange(false);
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (e.target === e.currentTarget) onOpenChange(false);
      }}
    >
      {open && (
        <div className="dialog__inner">
          <div className="dialog__header">
            <div>
              <h2 id={titleId} className="dialog__title">
                {title}
              </h2>
              {description && (
                <p id={descId} className="dialog__description">
                  {description}
                </p>
              )}
            </div>
            {!hideClose && (
              <button
                type="button"
                className="btn btn--ghost btn--icon"
                aria-label="Close"
                onClick={() => onOpenChange(false)}
              >
                <CloseIcon />
              </button>
            )}
          </div>
          {children}
          {footer && <div className="dialog__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

/** A side sheet (right edge). */
export function Sheet(props: Omit<DialogProps, 'variant'>) {
  return <Dialog {...props} variant="sheet" />;
}

/** The footer of a form in a dialog: Cancel, then the submit button, which reads 'Saving...' while saving. */
export function DialogFormFooter({
  onCancel,
  saving,
  submitLabel,
}: {
  onCancel: () => void;
  saving: boolean;
  submitLabel: string;
}) {
  return (
    <div className="dialog__footer">
      <Button type="button" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant="primary" disabled={saving}>
        {saving ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
