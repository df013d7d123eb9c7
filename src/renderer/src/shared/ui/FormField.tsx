// A labelled field with its help and its own message: the message sits beside the field it is
// about, in plain words, and the field is marked invalid and described by it for screen readers.
import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** What is wrong with the value, in words; nothing when it is fine. */
  error?: string | null;
  /** A line under the field saying what goes in it. */
  help?: ReactNode;
  /** Renders the control with the ids that tie it to its label, help and message. */
  children: (control: FieldControlProps) => ReactNode;
  /** Something beside the control (a Save button). */
  after?: ReactNode;
  testId?: string;
}

export function FormField({ label, error, help, children, after, testId }: FormFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field" data-invalid={error ? 'true' : undefined} data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <div className="form-field-control">
        <div className="form-field-input">
          {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
          {after}
        </div>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        {help && (
          <p id={helpId} className="field-help muted">
            {help}
          </p>
        )}
      </div>
    </div>
  );
}
