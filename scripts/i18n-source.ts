import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The English the dashboard's code writes outside Lingui: JSX text not inside `<Trans>`, and
 * string literals of two words or more (labels, titles, toasts) not inside a `t`/`msg` template.
 * A page in the pseudo-locale that shows one of them shows words left outside the catalogs
 * (tests/e2e/i18n-walk.test.ts), and `npm run lint:i18n` fails on any (scripts/i18n-check.ts). The
 * public pages (landing, policy) have their own catalog, public.po, written as the build renders it.
 */
const ROOTS = ['client/features', 'client/components'];
const PUBLIC = /client\/features\/(landing|policy)\//;
// Names that read the same in every language.
const NAMES = new Set([
  'Taskgram Ads',
  'Google Authenticator',
  'Telegram Premium',
  'USDT (TON)',
  'Telegram',
  'Google',
  'Taskgram',
]);
const LABELS = /^(label|title|placeholder|aria-label|confirmLabel|loadingText|helperText)$/;
/** Styles written as strings (a transition, a grid's columns, a selector, a font list): no words. */
const CSS = /\d(px|fr|s|rem)\b|var\(|minmax\(|^[&@]|\bsolid\b|^html\b|system-ui/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !PUBLIC.test(path) ? [path] : [];
  });
}

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

export function untranslatedEnglish(root: string): Set<string> {
  return new Set(untranslatedEnglishAt(root).keys());
}

/** The same, each with the file that writes it. */
export function untranslatedEnglishAt(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of ROOTS.flatMap((dir) => sources(join(root, dir)))) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const visit = (node: ts.Node, inTrans: boolean): void => {
      if (ts.isImportDeclaration(node) || ts.isTaggedTemplateExpression(node)) return;
      if (ts.isCallExpression(node) && /^(graphql|plural|select|Error|console\.\w+)$/.test(node.expression.getText()))
        return;
      const trans = inTrans || (ts.isJsxElement(node) && node.openingElement.tagName.getText() === 'Trans');
      let text = '';
      if (ts.isJsxText(node) && !trans) text = words(node.getText());
      else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = words(node.text);
      // Two words at least, with letters: a label or a sentence, not an id, a class or a key;
      // or one word as a label is written ("Cancel"), in JSX or where a label is given.
      const sentence = /[A-Za-z]{2,}[^\n]* [A-Za-z]{2,}/.test(text) && !/[{}<>=/]|^[a-z-]+( [a-z-]+)*$/.test(text);
      const label =
        /^[A-Z][a-z]{3,}$/.test(text) &&
        (ts.isJsxText(node) ||
          (!!node.parent && ts.isJsxAttribute(node.parent) && LABELS.test(node.parent.name.getText())));
      if ((sentence || label) && !NAMES.has(text) && !CSS.test(text)) found.set(text, file.slice(root.length + 1));
      ts.forEachChild(node, (child) => visit(child, trans));
    };
    visit(source, false);
  }
  return found;
}
