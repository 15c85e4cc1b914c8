import { OAUTH_SCOPE_DESCRIPTIONS } from '../../../../contracts/constants.js';
import { CheckIcon } from '../../../../ui/components/icons';
import { isKnownScope } from './scopes';

/** What the app will be able to see, one line per requested scope, in the words of SPEC.md §2. */
export function ScopeList({ scopes, appName }: { scopes: string[]; appName: string }) {
  return (
    <section aria-labelledby="scope-heading">
      <h2 id="scope-heading" className="text-sm font-medium text-slate-900 dark:text-white">
        This will allow {appName} to:
      </h2>
      <ul className="mt-3 space-y-2.5">
        {scopes.map((scope) => (
          <li key={scope} className="flex gap-3">
            <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-400/10 dark:text-emerald-300">
              <CheckIcon className="size-3.5" />
            </span>
            <span className="min-w-0 text-sm">
              <span className="block text-slate-700 dark:text-slate-200">
                {isKnownScope(scope)
                  ? OAUTH_SCOPE_DESCRIPTIONS[scope]
                  : 'A permission Linkvault does not know'}
              </span>
              <code className="text-xs break-all text-slate-500 dark:text-slate-400">{scope}</code>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
