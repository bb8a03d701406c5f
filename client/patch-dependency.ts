import type { Plugin } from 'vite';

/** One edit: each of `times` occurrences of `from` (exactly that many) becomes `to`, on the same lines. */
export interface Edit {
  from: string;
  to: string;
  times?: number;
}

/**
 * A Vite plugin editing one module of a dependency at build time (client/chakra-lazy-global.ts,
 * client/apollo-transition-updates.ts). Edits keep the module line for line, so its source map
 * still holds (`map: null` keeps it). The build fails, naming `owner`, if the module no longer
 * reads as expected: an upgrade changed it, and the edit must be looked at again.
 */
export function patchDependency(name: string, module: RegExp, owner: string, edits: Edit[]): Plugin {
  return {
    name,
    enforce: 'pre',
    transform(code, id) {
      if (!module.test(id)) return null;
      let patched = code;
      for (const { from, to, times = 1 } of edits) {
        const found = patched.split(from).length - 1;
        if (found !== times)
          this.error(`${id}: found ${found} of ${times} \`${from}\`; the module changed, update ${owner}`);
        patched = patched.replaceAll(from, to);
      }
      return { code: patched, map: null };
    },
  };
}
