/** A person's first letter in a circle: the members of a shared folder, and its owner. */
export function Initial({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-600 text-xs font-semibold text-white"
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
