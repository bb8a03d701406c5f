import { dialogAnatomy } from '@chakra-ui/react/anatomy';
import { defaultConfig } from '@chakra-ui/react/preset';
import { createSystem, defineConfig } from '@chakra-ui/react/styled-system';

// One system for the whole app: the landing page and the dashboard share it, so the dashboard
// chunk carries only its own components.
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    html: { scrollBehavior: 'smooth' },
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
    slotRecipes: {
      // Modal sizes of spec 9: sm 420px, md 800px, lg 1100px.
      dialog: {
        slots: dialogAnatomy.keys(),
        variants: {
          size: {
            sm: { content: { maxW: '420px' } },
            md: { content: { maxW: '800px' } },
            lg: { content: { maxW: '1100px' } },
          },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
