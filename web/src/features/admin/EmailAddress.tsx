/**
 * An address too long for its line breaks after its @ (each half moves as a whole while it fits), rather
 * than wherever the line happens to end.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      <span className="inline-block max-w-full">{email.slice(0, at + 1)}</span>
      <span className="inline-block max-w-full">{email.slice(at + 1)}</span>
    </>
  );
}
