/**
 * A list's scroll box is measured only after its first commit; until then the virtualizer assumes this
 * size, so that the render that brings the data already draws the rows in view (first view
 * under 1 s) instead of an empty list for a frame or more.
 */
export function windowRect(): { width: number; height: number } {
  return { width: window.innerWidth, height: window.innerHeight };
}
