import { TextField } from './controls';

/** The e-mail and password inputs every sign-in and sign-up form uses (web app and extension alike). */
export function EmailField({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="E-mail"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * `purpose` picks the password manager's behaviour: fill a saved one, or offer to create one. A form that
 * asks for both (Settings: the current password and the new one) labels each.
 */
export function PasswordField({
  value,
  onChange,
  purpose,
  label = 'Password',
}: {
  value: string;
  onChange: (value: string) => void;
  purpose: 'current' | 'new';
  label?: string;
}) {
  return (
    <TextField
      label={label}
      type="password"
      name="password"
      autoComplete={`${purpose}-password`}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
