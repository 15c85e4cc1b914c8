import { type FormEvent, useState } from 'react';

/**
 * A form's submission, as every sign-in and sign-up form runs it: pending from the submit on (and still
 * after success, while the page moves on), and a failure described by `describe` for the form to show,
 * with the form usable again. `after` runs once `task` succeeded; its own failure is not the form's.
 */
export function useFormSubmit<E>(describe: (error: unknown) => E) {
  const [error, setError] = useState<E | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit =
    (task: () => Promise<void>, after?: () => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setError(null);
      setPending(true);
      try {
        await task();
      } catch (err) {
        setError(describe(err));
        setPending(false);
        return;
      }
      await after?.();
    };

  return { error, pending, onSubmit };
}
