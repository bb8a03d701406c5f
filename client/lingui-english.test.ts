import { transformSync } from '@babel/core';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { linguiEnglish } from './lingui-english';

/** A file through the build's Babel pass: the macros keeping the English, then the compiling. */
function build(code: string): string {
  return (
    transformSync(code, {
      filename: 'page.tsx',
      babelrc: false,
      configFile: false,
      parserOpts: { plugins: ['jsx', 'typescript'] },
      plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }], linguiEnglish],
    })?.code ?? ''
  );
}

describe("the build's English in the code", () => {
  it("compiles the macros' messages as a catalog would, and nothing else", () => {
    const out = build(`
      import { msg, t } from '@lingui/core/macro';
      import { Trans } from '@lingui/react/macro';
      export const label = msg\`Log out\`;
      export const hello = (name: string) => t\`Hello \${name}\`;
      export const Page = ({ n }: { n: number }) => <Trans>You have <b>{n}</b> apps</Trans>;
      export const other = { id: 'x', message: 'not a message of ours' };
    `);
    expect(out).toMatch(/message: \["Log out"\]/);
    expect(out).toMatch(/message: \["Hello ", \["name"\]\]/);
    expect(out).toMatch(/message: \["You have <0>", \["n"\], "<\/0> apps"\]/);
    expect(out).toContain(`message: 'not a message of ours'`);
  });

  it('renders with no catalog and no message compiler', () => {
    const out = build(`
      import { msg } from '@lingui/core/macro';
      export const d = msg\`{count, plural, one {# app} other {# apps}} of \${'Ann'}\`;
    `);
    const descriptor = new Function(
      `${out.replace(/^import .*$/gm, '').replace('export const', 'const')}\nreturn d;`,
    )();
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(i18n._({ ...descriptor, values: { ...descriptor.values, count: 2 } })).toBe('2 apps of Ann');
    expect(i18n._({ ...descriptor, values: { ...descriptor.values, count: 1 } })).toBe('1 app of Ann');
  });
});
