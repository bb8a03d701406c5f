import type { PluginObj, types as BabelTypes } from '@babel/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * The production build's English, in the code (the English dashboard grows by at most
 * 3 KiB). Lingui's macros keep each message's English (`stripMessageField: false`, see
 * client/babel-plugins.ts) and this pass compiles it as `@lingui/vite-plugin` compiles a catalog
 * (`"Hello {name}"` → `["Hello ", ["name"]]`): English then renders with no catalog and no
 * message compiler (client/lib/i18n.ts loads none for it), and another language's catalog,
 * keyed by the same ids, replaces it.
 *
 * Only the macros' descriptors are touched: objects marked `/*i18n*\/` (`t`, `msg`, `plural`,
 * and the props `<Trans>` spreads) with a string `message`.
 */
export function linguiEnglish({ types: t }: { types: typeof BabelTypes }): PluginObj {
  const isDescriptor = (node: BabelTypes.ObjectExpression) =>
    node.leadingComments?.some((c) => c.value.trim() === 'i18n') ?? false;
  return {
    name: 'taskgram-lingui-english',
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              if (!isDescriptor(path.node)) return;
              for (const property of path.node.properties) {
                if (!t.isObjectProperty(property) || property.computed) continue;
                if (!t.isIdentifier(property.key, { name: 'message' }) || !t.isStringLiteral(property.value)) continue;
                property.value = t.valueToNode(compileMessageOrThrow(property.value.value));
              }
            },
          });
        },
      },
    },
  };
}
