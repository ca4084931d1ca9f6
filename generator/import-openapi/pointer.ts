/** A JSON pointer from path parts: ['paths', '/pet'] → #/paths/~1pet. */
export function pointerOf(parts: readonly (string | number)[]): string {
  return `#/${parts.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}
