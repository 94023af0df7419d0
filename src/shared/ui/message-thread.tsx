// A conversation (an enquiry and its replies): bubbles, the writer and time, an optional note under a
// bubble (e.g. "queued"), and a reply box. Presentational only; the caller stores the reply.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { cx } from './cx';

export interface ThreadMessage {
  id: string;
  body: string;
  /** Shown under the bubble, e.g. 'You · 23 Nov, 14:05'. */
  meta: string;
  mine: boolean;
  note?: ReactNode;
}

export function MessageThread({ messages, label }: { messages: ThreadMessage[]; label: string }) {
  if (!messages.length) return null;
  return (
    <ol className="list-plain thread" aria-label={label}>
      {messages.map((m) => (
        <li key={m.id} className={cx('thread__item', m.mine && 'thread__item--mine')} data-testid="thread-message">
          <p className="thread__bubble">{m.body}</p>
          <p className="thread__meta">{m.meta}</p>
          {m.note}
        </li>
      ))}
    </ol>
  );
}

export interface ReplyBoxProps {
  label: string;
  onSend: (body: string) => Promise<void>;
  disabled?: boolean;
  /** Shown instead of sending while disabled. */
  disabledReason?: string;
  maxLength?: number;
}

/** A textarea and a Send button; empty replies get a message instead of being sent. */
export function ReplyBox({ label, onSend, disabled, disabledReason, maxLength = 5000 }: ReplyBoxProps) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) {
      setError('Write a reply first.');
      return;
    }
    setBusy(true);
    try {
      await onSend(body);
      setBody('');
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Your reply could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="reply-box" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="reply-box__row">
        <textarea
          id={id}
          className="input reply-box__input"
          rows={2}
          value={body}
          maxLength={maxLength}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || disabledReason ? `${id}-msg` : undefined}
          onChange={(e) => {
            setBody(e.target.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          Send
        </Button>
      </div>
      {(error || (disabled && disabledReason)) && (
        <p id={`${id}-msg`} className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
          {error ?? disabledReason}
        </p>
      )}
    </form>
  );
}
