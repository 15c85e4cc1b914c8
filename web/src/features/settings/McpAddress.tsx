import { useId } from 'react';

/**
 * The address an assistant is given to connect (its MCP endpoint on this server): it finds the sign-in
 * and consent pages from there by itself. Selected whole on focus, ready to copy.
 */
export function McpAddress() {
  const id = useId();
  const address = `${window.location.origin}/mcp`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-xs font-medium text-slate-500 dark:text-slate-400">
        Address to give your assistant
      </label>
      <input
        id={id}
        readOnly
        value={address}
        onFocus={(event) => event.currentTarget.select()}
        className="block w-full rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
    </div>
  );
}
