import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem, defineConfig } from '@chakra-ui/react/styled-system';
import { appRecipes } from './app-recipes';
import {
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  iconRecipe,
  keyframes,
  linkRecipe,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

// Chakra's default theme carries ~70 recipes. The system registers only what the pages use: the
// landing page's here, the forms', overlays' and widgets' in app-recipes.ts.
const landingTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // Icons that point (back, next, open) point the other way right to left.
    '[dir=rtl] :is(.lucide-chevron-left, .lucide-chevron-right, .lucide-arrow-left, .lucide-arrow-right)': {
      transform: 'scaleX(-1)',
    },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      link: linkRecipe,
    },
  },
});

// Brand colours and fonts shared by every page.
const brand = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    // Code, keys, tokens and addresses read left to right in every language, isolated from the
    // sentence around them, and a long line starts at its start (scrolls, never cut there).
    'pre,code,kbd,samp': { direction: 'ltr', unicodeBidi: 'isolate', textAlign: 'left' },
    html: { scrollBehavior: 'smooth' },
    // Readers who ask the system for less motion get none: drawers, dialogs, menus and toasts
    // appear at once, spinners and skeletons stand still, scrolling jumps. Each animation still
    // runs (for a hundredth of a millisecond), so what waits for its end goes on.
    'html, *, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        animationDelay: '0s !important',
        // No transition at all (0s, not a short one: with the default property `all`, a short
        // duration would give every element a transition it never had, a frame late).
        transitionDuration: '0s !important',
        transitionDelay: '0s !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.purple.600}', _dark: '{colors.purple.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.gray.950}' } },
          fg: { value: { _light: '{colors.purple.700}', _dark: '{colors.purple.300}' } },
          muted: { value: { _light: '{colors.purple.100}', _dark: '{colors.purple.900}' } },
          subtle: { value: { _light: '{colors.purple.50}', _dark: '{colors.purple.950}' } },
          emphasized: { value: { _light: '{colors.purple.200}', _dark: '{colors.purple.800}' } },
          focusRing: { value: { _light: '{colors.purple.500}', _dark: '{colors.purple.400}' } },
        },
      },
    },
  },
});

const landingConfigs = [defaultBaseConfig, landingTheme, brand];

/**
 * The product's one Chakra system: the landing page's tokens and recipes, and the app's recipes.
 * UiProvider makes it once, at the first render.
 */
export function createAppSystem() {
  return createSystem(...landingConfigs, appRecipes);
}
