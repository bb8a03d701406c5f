import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usedOfIndex } from './chunk-groups';

const INDEX = '/app/node_modules/@ark-ui/react/dist/index.js';
const index = {
  code: [
    'import { ariaAttr, dataAttr } from "./utils/attr.js";',
    'import { useEnvironmentContext } from "./providers/environment/use-environment-context.js";',
    'import { MenuRoot } from "./components/menu/menu-root.js";',
    'var menu_exports = {};',
    'export { menu_exports as Menu, MenuRoot, ariaAttr, dataAttr, useEnvironmentContext as useEnvironment };',
  ].join('\n'),
  importedIds: [
    '/app/node_modules/@ark-ui/react/dist/utils/attr.js',
    '/app/node_modules/@ark-ui/react/dist/providers/environment/use-environment-context.js',
    '/app/node_modules/@ark-ui/react/dist/components/menu/menu-root.js',
  ],
};

describe("the chunk groups' reach through a package's root index", () => {
  it('follows only the modules behind the names imported', () => {
    expect(usedOfIndex("import { dataAttr } from '@ark-ui/react';", INDEX, index)).toEqual([
      '/app/node_modules/@ark-ui/react/dist/utils/attr.js',
    ]);
    // A renamed export and a renamed import.
    expect(usedOfIndex('import { useEnvironment as env, dataAttr } from "@ark-ui/react"', INDEX, index)).toEqual([
      '/app/node_modules/@ark-ui/react/dist/providers/environment/use-environment-context.js',
      '/app/node_modules/@ark-ui/react/dist/utils/attr.js',
    ]);
  });

  it('takes the whole index where it cannot tell', () => {
    // A namespace import, a name the index makes itself, no import of the package at all.
    expect(usedOfIndex("import * as Ark from '@ark-ui/react';", INDEX, index)).toBeNull();
    expect(usedOfIndex("import { Menu } from '@ark-ui/react';", INDEX, index)).toBeNull();
    expect(usedOfIndex("import { x } from '@ark-ui/react/menu';", INDEX, index)).toBeNull();
    expect(usedOfIndex("import { dataAttr } from '@ark-ui/react';", INDEX, { ...index, code: null })).toBeNull();
  });

  it("reads @ark-ui/react's real index: Chakra's button takes one helper module, not the package", () => {
    const dir = join(process.cwd(), 'node_modules/@ark-ui/react/dist');
    const code = readFileSync(join(dir, 'index.js'), 'utf8');
    const importedIds = [...code.matchAll(/from\s*"\.\/([^"]+)"/g)].map(([, path]) => join(dir, path));
    const button = readFileSync(
      join(process.cwd(), 'node_modules/@chakra-ui/react/dist/esm/components/button/button.js'),
      'utf8',
    );
    const used = usedOfIndex(button, join(dir, 'index.js'), { code, importedIds });
    expect(used).toHaveLength(1);
    expect(used?.[0]).toMatch(/utils[\\/]attr\.js$/);
  });
});
