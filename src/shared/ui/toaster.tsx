import { dismissToast, useToasts, type ToastItem } from './toast-store';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import { cx } from './cx';

function ToastView({ t }: { t: ToastItem }) {
  const Icon = t.variant === 'destructive' ? AlertIcon : t.variant === 'success' ? CheckIcon : InfoIcon;
  return (
    <div
      className={cx('toast', t.variant !== 'default' && `toast--${t.variant}`)}
      role={t.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      data-testid="toast"
    >
      <Icon size={20} />
      <div className="toast__body">
        <p className="toast__title">{t.title}</p>
        {t.description && <p className="toast__description">{t.description}</p>}
        {t.action && (
          <div className="toast__actions">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={() => {
                t.action?.onClick();
                dismissToast(t.id);
              }}
            >
              {t.action.label}
            </button>
          </div>
        )}
      </div>
      <button
        type="button"
        className="btn btn--ghost btn--sm btn--icon toast__close"
        aria-label="Dismiss"
        onClick={() => dismissToast(t.id)}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/** Renders both toast styles; mount once, outside error boundaries so it survives a crash screen. */
export function Toaster() {
  const toasts = useToasts();
  const primary = toasts.filter((t) => t.kind === 'primary' && t.open);
  const secondary = toasts.filter((t) => t.kind === 'secondary');
  return (
    <>
      <section className="toaster toaster--secondary" aria-label="Updates" aria-live="polite">
        {secondary.map((t) => (
          <ToastView key={t.id} t={t} />
        ))}
      </section>
      <section className="toaster toaster--primary" aria-label="Messages" aria-live="polite">
        {primary.map((t) => (
          <ToastView key={t.id} t={t} />
        ))}
      </section>
    </>
  );
}
