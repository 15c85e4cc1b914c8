import { Alert, Button } from '../../../../ui/components/controls';

/** A settings list that could not be read: says which, with a way to ask again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Alert>Could not load {what}.</Alert>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
