import { ApiError } from '../../api/client';

/** SPEC.md §8, word for word. */
export const LOGIN_FAILED = 'Login failed. Please check your credentials.';
export const REGISTRATION_FAILED = 'Registration failed. Please try again.';

/**
 * The server's own sentence, when there is one meant for people: a 4xx answer (wrong password, e-mail
 * taken, too many attempts, invalid field). A network failure (status 0) or a 5xx has nothing useful to
 * say to the user, so the caller falls back to the spec's text. Validation messages are prefixed with the
 * field's name ("password: …"), which the form already shows as a label.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || !error.message)
    return null;
  return error.message.replace(/^[A-Za-z.]+: /, '');
}

/** SPEC.md §8: login failure shows the server's message, otherwise the fallback. */
export function loginError(error: unknown): string {
  return serverMessage(error) ?? LOGIN_FAILED;
}

/**
 * SPEC.md §8: registration failure shows 'Registration failed. Please try again.' That sentence always
 * leads; when the server said why (the e-mail is taken, the password is too short) the reason follows, so
 * people are not left retrying the same input.
 */
export function registrationError(error: unknown): { title: string; reason: string | null } {
  return { title: REGISTRATION_FAILED, reason: serverMessage(error) };
}

/** Whether the server refused `field` of the request (a validation failure's details name the fields). */
export function refusedField(error: unknown, field: string): boolean {
  return (
    error instanceof ApiError &&
    Array.isArray(error.details) &&
    error.details.some((detail: unknown) => (detail as { field?: unknown } | null)?.field === field)
  );
}

/**
 * A sign-up through an invite link: when the link itself was refused (used or expired), trying again is
 * no use, so the server's sentence leads and the way out follows; any other failure is a registration's.
 */
export function inviteSignupError(error: unknown): { title: string; reason: string | null } {
  if (!refusedField(error, 'invite')) return registrationError(error);
  return {
    title: serverMessage(error) ?? REGISTRATION_FAILED,
    reason: 'Ask the person who invited you for a new link.',
  };
}
