/**
 * `compute` that works out each key once: for pure work asked again and again within one task (a page's
 * words, its elements), held as long as the returned function is.
 */
export function memoize<K, V>(compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = compute(key);
    known.set(key, value);
    return value;
  };
}
